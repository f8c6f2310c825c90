import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { ReplyBox } from './reply-box.tsx';

// Only the hint is under test here: sending goes through the live inbox (inbox.test.tsx covers it).
vi.mock('../api/send-reply.ts', () => ({ useSendReply: () => ({ mutate: vi.fn(), isPending: false }) }));

const CONVERSATION = 'a0000000-0000-4000-8000-000000000001';

/** A device whose pointer is (or is not) a hovering mouse or trackpad, as matchMedia answers. */
function pointerIsFine(fine: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: fine && query === '(hover: hover) and (pointer: fine)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

beforeAll(async () => {
  await i18n.changeLanguage('sv');
  await i18n.loadNamespaces(['messages']);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the reply box (issue 28 point 10)', () => {
  it('tells a device with a mouse and keyboard that Ctrl+Enter sends', () => {
    pointerIsFine(true);
    renderWithProviders(<ReplyBox conversationId={CONVERSATION} />);
    expect(screen.getByRole('textbox', { name: 'Svar' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Ctrl+Enter skickar.')).toBeTruthy();
  });

  it('gives a phone or tablet no keyboard hint', () => {
    pointerIsFine(false);
    renderWithProviders(<ReplyBox conversationId={CONVERSATION} />);
    expect(screen.queryByText('Ctrl+Enter skickar.')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Svar' }).getAttribute('aria-describedby')).toBeNull();
  });
});
