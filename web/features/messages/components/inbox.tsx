import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { To } from 'react-router';
import { ConversationParamsSchema } from '../../../../contracts/messages.ts';
import { cn } from '../../../lib/cn.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useConversations } from '../api/get-conversations.ts';
import { ConversationList } from './conversation-list.tsx';
import { ConversationThread } from './conversation-thread.tsx';
import { ReplyBox } from './reply-box.tsx';

/** The conversation chosen in the address (`?c=<id>`), if it is one's id at all. */
function conversationOf(searchParams: URLSearchParams): string | null {
  const parsed = ConversationParamsSchema.safeParse({ id: searchParams.get('c') });
  return parsed.success ? parsed.data.id : null;
}

/**
 * The messages page of every area (issue 11; SPEC section 2 "Admin area", messages): the reader's
 * conversations, the chosen one's thread and a reply box. The chosen conversation and the list's page
 * are kept in the address, so a reload or a shared link shows the same. On small screens the list
 * and the thread take turns. `teamName` names the certification body's support (the site's title).
 * Rendered inside the area's MessagesLiveProvider, which names the reader and keeps it live.
 */
export function Inbox({ teamName }: { teamName: string }) {
  const { t } = useTranslation('messages');
  const { searchParams, page, setPage } = useListParams();
  const selectedId = conversationOf(searchParams);
  // Whether the person picked the conversation here (focus follows), not a reload or a link.
  const [picked, setPicked] = useState(false);
  const listUnread =
    useConversations(page).data?.items.find((conversation) => conversation.id === selectedId)?.unread ?? 0;

  const linkTo = (conversationId: string | null): To => {
    const next = new URLSearchParams(searchParams);
    if (conversationId) next.set('c', conversationId);
    else next.delete('c');
    return { search: next.size > 0 ? `?${next}` : '' };
  };

  return (
    <div className="grid items-start gap-6 md:grid-cols-[minmax(15rem,2fr)_minmax(0,3fr)]">
      <div className={cn(selectedId && 'hidden md:block')}>
        <ConversationList
          page={page}
          onPageChange={setPage}
          selectedId={selectedId}
          linkTo={linkTo}
          onOpen={() => setPicked(true)}
          teamName={teamName}
        />
      </div>
      <div className={cn('rounded-lg border bg-card shadow-sm', !selectedId && 'hidden md:block')}>
        {selectedId ? (
          <ConversationThread
            key={selectedId}
            conversationId={selectedId}
            teamName={teamName}
            listUnread={listUnread}
            backTo={linkTo(null)}
            focusOnOpen={picked}
          />
        ) : (
          <p className="p-6 text-center text-muted-foreground">{t('inbox.choose')}</p>
        )}
        <ReplyBox key={`reply-${selectedId ?? ''}`} conversationId={selectedId} />
      </div>
    </div>
  );
}
