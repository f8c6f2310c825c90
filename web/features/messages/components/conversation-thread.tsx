import { ArrowLeftIcon, ShieldAlertIcon } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type To } from 'react-router';
import type { Message } from '../../../../contracts/messages.ts';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { type Thread, useThread } from '../api/get-thread.ts';
import { useMarkConversationRead } from '../api/mark-conversation-read.ts';
import { useOpenConversation } from '../live/reader-context.ts';
import { usePartyLabel } from './use-party-label.ts';

/**
 * Opening a conversation marks it read, and so does a new message arriving while it is open. Once per
 * newest message: a failed mark is not tried again in a loop.
 */
function useMarkReadWhileOpen(conversationId: string, thread: Thread | undefined, listUnread: number) {
  const { mutate } = useMarkConversationRead();
  const marked = useRef<string | null>(null);
  const newest = thread?.pages[0];
  const unread = newest
    ? listUnread > 0 ||
      newest.conversation.unread > 0 ||
      newest.items.some((message) => !message.fromMe && !message.readAt)
    : false;
  const mark = newest && unread ? `${conversationId}:${newest.items[0]?.id ?? ''}` : null;
  useEffect(() => {
    if (!mark || marked.current === mark) return;
    marked.current = mark;
    mutate(conversationId);
  }, [mark, conversationId, mutate]);
}

function MessageItem({ message }: { message: Message }) {
  return (
    <li className={cn('flex', message.fromMe ? 'justify-end' : 'justify-start')}>
      <article
        className={cn(
          'max-w-[85%] rounded-lg px-3 py-2 shadow-xs',
          message.fromMe ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
        )}
      >
        <p
          className={cn(
            'flex flex-wrap items-baseline gap-x-2 text-xs',
            message.fromMe ? 'text-primary-foreground/80' : 'text-muted-foreground',
          )}
        >
          <span className="font-semibold">{message.senderName}</span>
          <time dateTime={message.createdAt} className="tabular-nums">
            {formatDateTime(message.createdAt)}
          </time>
        </p>
        {/* Plain text: React escapes it, so markup someone typed shows as typed; line breaks stay. */}
        <p className="mt-1 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">{message.content}</p>
      </article>
    </li>
  );
}

/**
 * One conversation: its other party, then its messages, oldest at the top and newest at the bottom,
 * with "Visa äldre" above them for the pages before. Shown, it counts as open: its new messages are
 * marked read and get no toast.
 */
export function ConversationThread({
  conversationId,
  teamName,
  listUnread,
  backTo,
  focusOnOpen,
}: {
  conversationId: string;
  teamName: string;
  /** The conversation's unread count in the list, if the list shows it. */
  listUnread: number;
  /** The list, for small screens where the thread takes its place. */
  backTo: To;
  /** The person just chose it: focus moves to the heading if the list it was chosen in is gone (small screens). */
  focusOnOpen: boolean;
}) {
  const { t } = useTranslation('messages');
  const thread = useThread(conversationId);
  const partyLabel = usePartyLabel(teamName);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useOpenConversation(conversationId);
  useMarkReadWhileOpen(conversationId, thread.data, listUnread);

  useEffect(() => {
    // Only where the chosen link went away with the list (small screens): elsewhere focus stays in the list.
    const active = document.activeElement;
    if (focusOnOpen && (!active || active === document.body || active.getClientRects().length === 0))
      heading.current?.focus();
  }, [focusOnOpen]);

  const conversation = thread.data?.pages[0]?.conversation;
  const label = conversation ? partyLabel(conversation.counterpart) : null;
  // Pages and their messages come newest first; the thread reads from the oldest down.
  const messages = thread.data?.pages.flatMap((page) => page.items).reverse() ?? [];

  let body;
  if (!thread.data) {
    body = thread.isError ? (
      <LoadError
        message={t('thread.loadError')}
        onRetry={() => void thread.refetch()}
        retrying={thread.isFetching}
        className="m-4"
      />
    ) : (
      <ListSkeleton rows={4} rowClassName="h-16" className="p-4" />
    );
  } else if (messages.length === 0) {
    body = <p className="p-6 text-center text-muted-foreground">{t('thread.empty')}</p>;
  } else {
    body = (
      // column-reverse keeps the view at the newest message, and in place while older ones load above.
      <div className="flex max-h-[60vh] min-h-48 flex-col-reverse overflow-y-auto">
        <div className="grid gap-4 p-4">
          {thread.hasNextPage ? (
            <Button
              variant="outline"
              size="sm"
              className="justify-self-center"
              pending={thread.isFetchingNextPage}
              onClick={() => void thread.fetchNextPage()}
            >
              {thread.isFetchingNextPage ? t('thread.loadingOlder') : t('thread.showOlder')}
            </Button>
          ) : null}
          <ol aria-label={t('thread.messagesLabel')} className="grid gap-3">
            {messages.map((message) => (
              <MessageItem key={message.id} message={message} />
            ))}
          </ol>
        </div>
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col">
      <header className="flex min-h-16 items-center gap-2 border-b px-4 py-3">
        <Button asChild variant="ghost" size="icon" className="-ml-2 md:hidden">
          <Link to={backTo} aria-label={t('inbox.back')}>
            <ArrowLeftIcon aria-hidden />
          </Link>
        </Button>
        <div className="min-w-0">
          <h2 id={headingId} ref={heading} tabIndex={-1} className="truncate font-semibold focus:outline-none">
            {label ? label.name : <Skeleton className="h-5 w-40" />}
          </h2>
          {label?.detail ? <p className="truncate text-xs text-muted-foreground">{label.detail}</p> : null}
        </div>
      </header>
      {conversation?.counterpart.kind === 'guest' && conversation.counterpart.unconfirmed ? (
        <p role="note" className="flex items-start gap-2 border-b bg-destructive/10 px-4 py-3 text-sm">
          <ShieldAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
          {t('thread.unconfirmedGuest')}
        </p>
      ) : null}
      {body}
    </section>
  );
}
