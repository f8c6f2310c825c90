import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  ConversationList,
  ConversationSummary,
  Message,
  StreamMessage,
  ThreadPage,
} from '../../../../contracts/messages.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { ACCESS_TOKEN, type ApiHandler, json, mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { useUnreadTotal } from '../api/get-unread.ts';
import { MessagesLiveProvider } from '../live/messages-live-provider.tsx';
import { Inbox } from './inbox.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

const READER_ID = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
const ANNA_ID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const ANNA = 'a0000000-0000-4000-8000-000000000001';
const TEAM = 'a0000000-0000-4000-8000-000000000002';
const GUEST = 'a0000000-0000-4000-8000-000000000003';

function message(id: number, conversationId: string, content: string, { fromMe = false, read = true } = {}): Message {
  return {
    id: `b0000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    conversationId,
    fromMe,
    senderName: fromMe ? 'Ida Admin' : 'Anna Kund',
    content,
    createdAt: `2026-11-2${id % 10}T10:0${id % 10}:00.000Z`,
    readAt: read || fromMe ? '2026-11-29T10:00:00.000Z' : null,
  };
}

const OLDEST = message(1, ANNA, 'Det första meddelandet');
const MIDDLE = message(2, ANNA, 'Vi tittar på det.', { fromMe: true });
const NEWEST = message(3, ANNA, 'Rad ett\nRad två', { read: false });

const summaries: ConversationSummary[] = [
  {
    id: ANNA,
    counterpart: { kind: 'user', id: ANNA_ID, fullName: 'Anna Kund', role: 'customer' },
    lastMessage: { content: NEWEST.content, createdAt: NEWEST.createdAt, fromMe: false },
    unread: 2,
  },
  {
    id: TEAM,
    counterpart: { kind: 'team' },
    lastMessage: { content: 'Tack för hjälpen', createdAt: '2026-11-20T09:00:00.000Z', fromMe: true },
    unread: 0,
  },
  {
    id: GUEST,
    counterpart: { kind: 'guest', name: 'Gustav Gäst', email: 'gustav@example.se', unconfirmed: false },
    lastMessage: { content: 'En fråga', createdAt: '2026-11-19T09:00:00.000Z', fromMe: false },
    unread: 0,
  },
];

/** The list with `unread` messages in Anna's conversation (its total, too). */
const list = (unread = 2): ConversationList => ({
  items: summaries.map((conversation) => (conversation.id === ANNA ? { ...conversation, unread } : conversation)),
  total: summaries.length,
  page: 1,
  pageSize: 20,
  unreadTotal: unread,
});
const time = (message: Pick<Message, 'createdAt'>) => formatDateTime(message.createdAt);

function threadOf(conversationId: string, items: Message[], nextCursor: string | null = null): ThreadPage {
  const summary = summaries.find((conversation) => conversation.id === conversationId) ?? summaries[0];
  if (!summary) throw new Error('No conversation');
  const unread = items.filter((item) => !item.fromMe && !item.readAt).length;
  return { conversation: { ...summary, unread }, items, nextCursor };
}

/** GET /api/messages/stream as the server would answer it: the test writes the events. */
function liveStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const handler: ApiHandler = () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start: (streamController) => {
          controller = streamController;
          streamController.enqueue(encoder.encode(`event: ready\ndata: ${JSON.stringify({ unreadTotal: 2 })}\n\n`));
        },
      }),
      { headers: { 'content-type': 'text/event-stream' } },
    );
  return {
    handler,
    send: (event: StreamMessage) =>
      controller?.enqueue(
        encoder.encode(`event: message\nid: cursor-${event.message.id}\ndata: ${JSON.stringify(event)}\n\n`),
      ),
  };
}

function UnreadTotal() {
  return <output aria-label="Olästa totalt">{useUnreadTotal() ?? '–'}</output>;
}

function renderInbox(route = '/admin/messages') {
  return renderWithProviders(
    <MessagesLiveProvider readerId={READER_ID}>
      <UnreadTotal />
      <Inbox teamName="Certifierad Klinik" />
    </MessagesLiveProvider>,
    { route },
  );
}

const conversationList = () => screen.findByRole('list', { name: 'Konversationer' });
const messagesShown = () =>
  within(screen.getByRole('list', { name: 'Meddelanden' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['messages']);
});

beforeEach(() => {
  vi.mocked(toast).mockClear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Inbox', () => {
  it('lists the conversations with the other party, the last message, its time and the unread count', async () => {
    mockApi({
      'GET /api/messages/conversations': () => json(list()),
      'GET /api/messages/unread': () => json({ unreadTotal: 2 }),
      'GET /api/messages/stream': liveStream().handler,
    });
    renderInbox();

    const rows = within(await conversationList()).getAllByRole('link');
    expect(rows.map((row) => row.textContent)).toEqual([
      `Anna Kund${time(NEWEST)}Kund2 2 olästaRad ett Rad två`,
      `Certifierad Klinik (support)${time({ createdAt: '2026-11-20T09:00:00.000Z' })}Du: Tack för hjälpen`,
      `Gustav Gäst${time({ createdAt: '2026-11-19T09:00:00.000Z' })}gustav@example.seEn fråga`,
    ]);
    expect(rows.some((row) => row.hasAttribute('aria-current'))).toBe(false);
    expect(screen.getByLabelText('Svar')).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Skicka' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Välj en konversation för att läsa den och svara.')).toBeTruthy();
  });

  it('opens a conversation from the list: oldest message at the top, kept in the address, marked read', async () => {
    let unread = 2;
    const api = mockApi({
      'GET /api/messages/conversations': () => json(list(unread)),
      'GET /api/messages/unread': () => json({ unreadTotal: unread }),
      'GET /api/messages/stream': liveStream().handler,
      [`GET /api/messages/conversations/${ANNA}/messages`]: () => json(threadOf(ANNA, [NEWEST, MIDDLE, OLDEST])),
      [`POST /api/messages/conversations/${ANNA}/read`]: () => {
        unread = 0;
        return json({ unreadTotal: 0 });
      },
    });
    renderInbox();

    await userEvent.click(within(await conversationList()).getByRole('link', { name: /Anna Kund/ }));

    expect(await screen.findByRole('heading', { name: 'Anna Kund' })).toBeTruthy();
    await waitFor(() => expect(messagesShown()).toHaveLength(3));
    expect(messagesShown()).toEqual([
      `Anna Kund${time(OLDEST)}Det första meddelandet`,
      `Ida Admin${time(MIDDLE)}Vi tittar på det.`,
      `Anna Kund${time(NEWEST)}Rad ett\nRad två`,
    ]);
    expect(screen.getByRole('link', { name: /Anna Kund/ }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: /Anna Kund/ }).getAttribute('href')).toBe(`/admin/messages?c=${ANNA}`);

    await waitFor(() => expect(screen.getByLabelText('Olästa totalt').textContent).toBe('0'));
    expect(api.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
    expect(within(screen.getByRole('link', { name: /Anna Kund/ })).queryByText('2 olästa')).toBeNull();
    expect(screen.getByLabelText('Svar')).toHaveProperty('disabled', false);
  });

  it('tells the admin that a guest conversation started without the link is from an unconfirmed sender (issue 27)', async () => {
    const claimed: ConversationSummary = {
      id: GUEST,
      counterpart: { kind: 'guest', name: 'Spoof 2', email: 'gustav@example.se', unconfirmed: true },
      lastMessage: { content: 'Jag är Gustav', createdAt: '2026-11-19T09:00:00.000Z', fromMe: false },
      unread: 0,
    };
    mockApi({
      'GET /api/messages/conversations': () => json({ ...list(0), items: [claimed], total: 1 }),
      'GET /api/messages/unread': () => json({ unreadTotal: 0 }),
      'GET /api/messages/stream': liveStream().handler,
      [`GET /api/messages/conversations/${GUEST}/messages`]: () =>
        json({ conversation: claimed, items: [message(4, GUEST, 'Jag är Gustav')], nextCursor: null }),
      [`POST /api/messages/conversations/${GUEST}/read`]: () => json({ unreadTotal: 0 }),
    });
    renderInbox();

    const row = within(await conversationList()).getByRole('link', { name: /Spoof 2/ });
    expect(row.textContent).toContain('gustav@example.se · obekräftad avsändare');
    await userEvent.click(row);
    expect(await screen.findByRole('heading', { name: 'Spoof 2' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain(
      'Obekräftad avsändare: adressen har redan en konversation med oss',
    );
  });

  it('shows older messages on "Visa äldre", asking with the cursor', async () => {
    const older = message(0, ANNA, 'Ännu äldre');
    mockApi({
      'GET /api/messages/conversations': () => json(list(0)),
      'GET /api/messages/unread': () => json({ unreadTotal: 0 }),
      'GET /api/messages/stream': liveStream().handler,
      [`GET /api/messages/conversations/${ANNA}/messages`]: ({ url }) =>
        json(
          url.searchParams.get('before') === 'older-cursor'
            ? threadOf(ANNA, [older])
            : threadOf(ANNA, [MIDDLE, OLDEST], 'older-cursor'),
        ),
      [`POST /api/messages/conversations/${ANNA}/read`]: () => json({ unreadTotal: 0 }),
    });
    renderInbox(`/admin/messages?c=${ANNA}`);

    await userEvent.click(await screen.findByRole('button', { name: 'Visa äldre' }));
    await waitFor(() => expect(messagesShown()).toHaveLength(3));
    expect(messagesShown()[0]).toContain('Ännu äldre');
    expect(screen.queryByRole('button', { name: 'Visa äldre' })).toBeNull();
  });

  it('shows markup in a message as the text it is', async () => {
    const markup = '<img src=x onerror="alert(1)"><b>fet</b>';
    mockApi({
      'GET /api/messages/conversations': () => json(list(0)),
      'GET /api/messages/unread': () => json({ unreadTotal: 0 }),
      'GET /api/messages/stream': liveStream().handler,
      [`GET /api/messages/conversations/${ANNA}/messages`]: () => json(threadOf(ANNA, [message(4, ANNA, markup)])),
    });
    const { container } = renderInbox(`/admin/messages?c=${ANNA}`);

    expect(await screen.findByText(markup)).toBeTruthy();
    expect(container.querySelector('img, b')).toBeNull();
  });

  it('ignores an empty or whitespace-only reply, and sends a reply trimmed into the thread', async () => {
    const reply = message(5, ANNA, 'Hej!\nVi hörs.', { fromMe: true });
    const api = mockApi({
      'GET /api/messages/conversations': () => json(list(0)),
      'GET /api/messages/unread': () => json({ unreadTotal: 0 }),
      'GET /api/messages/stream': liveStream().handler,
      [`GET /api/messages/conversations/${ANNA}/messages`]: () => json(threadOf(ANNA, [MIDDLE, OLDEST])),
      [`POST /api/messages/conversations/${ANNA}/messages`]: () => json({ conversationId: ANNA, message: reply }, 201),
    });
    renderInbox(`/admin/messages?c=${ANNA}`);
    const field = await screen.findByLabelText('Svar');
    await waitFor(() => expect(field).toHaveProperty('disabled', false));
    const send = screen.getByRole('button', { name: 'Skicka' });
    const posts = () =>
      api.mock.calls.filter(([url, init]) => init?.method === 'POST' && String(url).endsWith('/messages'));

    await userEvent.click(send);
    await userEvent.type(field, '   {enter}  ');
    await userEvent.click(send);
    expect(posts()).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, '  Hej!{enter}Vi hörs.  ');
    await userEvent.click(send);

    await waitFor(() => expect(messagesShown()).toHaveLength(3));
    expect(messagesShown()[2]).toBe(`Ida Admin${time(reply)}Hej!\nVi hörs.`);
    expect(posts()).toHaveLength(1);
    expect(JSON.parse(String(posts()[0]?.[1]?.body))).toEqual({ content: 'Hej!\nVi hörs.' });
    expect(new Headers(posts()[0]?.[1]?.headers).get('authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(field).toHaveProperty('value', '');
  });

  it("says 'Kunde inte skicka meddelande' with the server's message when a reply fails, and keeps the text", async () => {
    mockApi({
      'GET /api/messages/conversations': () => json(list(0)),
      'GET /api/messages/unread': () => json({ unreadTotal: 0 }),
      'GET /api/messages/stream': liveStream().handler,
      [`GET /api/messages/conversations/${ANNA}/messages`]: () => json(threadOf(ANNA, [OLDEST])),
      [`POST /api/messages/conversations/${ANNA}/messages`]: () =>
        json({ error: { code: 'too_many_messages', message: 'För många meddelanden.' } }, 429),
    });
    renderInbox(`/admin/messages?c=${ANNA}`);
    const field = await screen.findByLabelText('Svar');
    await waitFor(() => expect(field).toHaveProperty('disabled', false));
    await userEvent.type(field, 'Hallå');
    await userEvent.click(screen.getByRole('button', { name: 'Skicka' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Kunde inte skicka meddelande',
        description: 'För många meddelanden.',
        variant: 'destructive',
      }),
    );
    expect(field).toHaveProperty('value', 'Hallå');
  });

  it("says 'Kunde inte hämta meddelanden' when the list cannot load", async () => {
    mockApi({
      'GET /api/messages/conversations': () => json({ error: { code: 'internal', message: 'Serverfel.' } }, 500),
      'GET /api/messages/unread': () => json({ unreadTotal: 0 }),
      'GET /api/messages/stream': liveStream().handler,
    });
    renderInbox();

    expect(await screen.findByText('Kunde inte hämta meddelanden')).toBeTruthy();
    expect(toast).toHaveBeenCalledWith({
      title: 'Kunde inte hämta meddelanden',
      description: 'Serverfel.',
      variant: 'destructive',
    });
  });

  it('adds a live message to the open thread without a toast, and tells of one in another conversation', async () => {
    const stream = liveStream();
    let unreadTotal = 0;
    mockApi({
      'GET /api/messages/conversations': () =>
        json({
          ...list(0),
          unreadTotal,
          items: list(0).items.map((conversation) =>
            conversation.id === TEAM ? { ...conversation, unread: unreadTotal } : conversation,
          ),
        }),
      'GET /api/messages/unread': () => json({ unreadTotal }),
      'GET /api/messages/stream': stream.handler,
      [`GET /api/messages/conversations/${ANNA}/messages`]: () => json(threadOf(ANNA, [MIDDLE, OLDEST])),
      [`POST /api/messages/conversations/${ANNA}/read`]: () => json({ unreadTotal }),
    });
    renderInbox(`/admin/messages?c=${ANNA}`);
    await waitFor(() => expect(messagesShown()).toHaveLength(2));

    const live = message(6, ANNA, 'Är ni där?', { read: false });
    act(() => stream.send({ conversationId: ANNA, message: live, unreadTotal: 1 }));
    await waitFor(() => expect(messagesShown()).toHaveLength(3));
    expect(messagesShown()[2]).toContain('Är ni där?');
    expect(toast).not.toHaveBeenCalled();
    // Open on screen: read at once.
    await waitFor(() => expect(screen.getByLabelText('Olästa totalt').textContent).toBe('0'));

    unreadTotal = 1;
    const elsewhere = { ...message(7, TEAM, 'Hej från supporten'), senderName: 'Sara Support' };
    act(() => stream.send({ conversationId: TEAM, message: elsewhere, unreadTotal: 1 }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Nytt meddelande från Sara Support',
        description: 'Hej från supporten',
      }),
    );
    expect(screen.getByLabelText('Olästa totalt').textContent).toBe('1');
    // The list loads again: the other conversation shows its unread message.
    expect(await within(screen.getByRole('link', { name: /Certifierad Klinik/ })).findByText('1 oläst')).toBeTruthy();
    expect(messagesShown()).toHaveLength(3);
  });

  it("adds the reader's own message from another tab once, without a toast", async () => {
    const stream = liveStream();
    mockApi({
      'GET /api/messages/conversations': () => json(list(0)),
      'GET /api/messages/unread': () => json({ unreadTotal: 0 }),
      'GET /api/messages/stream': stream.handler,
      [`GET /api/messages/conversations/${TEAM}/messages`]: () =>
        json(threadOf(TEAM, [message(9, TEAM, 'Tack för hjälpen', { fromMe: true })])),
    });
    renderInbox(`/admin/messages?c=${TEAM}`);
    await waitFor(() => expect(messagesShown()).toHaveLength(1));

    const own = message(8, TEAM, 'Skrivet i en annan flik', { fromMe: true });
    act(() => {
      stream.send({ conversationId: TEAM, message: own, unreadTotal: 0 });
      stream.send({ conversationId: TEAM, message: own, unreadTotal: 0 });
    });
    await waitFor(() => expect(messagesShown()).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(messagesShown()).toHaveLength(2);
    expect(toast).not.toHaveBeenCalled();
  });
});
