import { useTranslation } from 'react-i18next';
import { Link, type To } from 'react-router';
import type { ConversationSummary } from '../../../../contracts/messages.ts';
import { PagedList } from '../../../components/paged-list.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useConversations } from '../api/get-conversations.ts';
import { snippet } from '../lib/snippet.ts';
import { UnreadCount } from './unread-count.tsx';
import { type PartyLabel, usePartyLabel } from './use-party-label.ts';

function ConversationRow({
  conversation,
  label,
  selected,
  to,
  onOpen,
}: {
  conversation: ConversationSummary;
  label: PartyLabel;
  selected: boolean;
  to: To;
  onOpen: () => void;
}) {
  const { t } = useTranslation('messages');
  const { lastMessage, unread } = conversation;
  const text = snippet(lastMessage.content, 140);
  return (
    <Link
      to={to}
      preventScrollReset
      aria-current={selected ? 'page' : undefined}
      onClick={onOpen}
      className={cn(
        'grid gap-1 px-4 py-3 transition-colors focus-visible:relative',
        selected ? 'bg-secondary text-secondary-foreground' : 'hover:bg-muted',
      )}
    >
      <span className="flex items-baseline justify-between gap-3">
        <span className={cn('truncate', unread > 0 ? 'font-semibold' : 'font-medium')}>{label.name}</span>
        <time dateTime={lastMessage.createdAt} className="shrink-0 text-xs text-muted-foreground tabular-nums">
          {formatDateTime(lastMessage.createdAt)}
        </time>
      </span>
      <span className="flex min-h-5 items-center justify-between gap-3">
        <span className="truncate text-xs text-muted-foreground">{label.detail}</span>
        {unread > 0 ? <UnreadCount count={unread} /> : null}
      </span>
      <span className="line-clamp-2 text-sm text-muted-foreground [overflow-wrap:anywhere]">
        {lastMessage.fromMe ? t('inbox.you', { text }) : text}
      </span>
    </Link>
  );
}

/** The reader's conversations, newest first, a page at a time; each a link that opens it. */
export function ConversationList({
  page,
  onPageChange,
  selectedId,
  linkTo,
  onOpen,
  teamName,
}: {
  page: number;
  onPageChange: (page: number) => void;
  selectedId: string | null;
  linkTo: (conversationId: string) => To;
  onOpen: () => void;
  teamName: string;
}) {
  const { t } = useTranslation('messages');
  const conversations = useConversations(page);
  const partyLabel = usePartyLabel(teamName);
  return (
    <PagedList
      query={conversations}
      page={page}
      onPageChange={onPageChange}
      loadErrorMessage={t('toasts.loadError')}
      emptyMessage={t('inbox.empty')}
      rowClassName="h-20"
    >
      {(items) => (
        <ul aria-label={t('inbox.listLabel')} className="divide-y overflow-hidden rounded-lg">
          {items.map((conversation) => (
            <li key={conversation.id}>
              <ConversationRow
                conversation={conversation}
                label={partyLabel(conversation.counterpart)}
                selected={conversation.id === selectedId}
                to={linkTo(conversation.id)}
                onOpen={onOpen}
              />
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}
