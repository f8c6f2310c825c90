import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SUPPORT_PARAM } from '../../../config/page-params.ts';
import { useConversations } from '../api/get-conversations.ts';
import { WriteMessageDialog } from './write-message-dialog.tsx';

/** The address of the messages page showing this conversation (or the list), the link's work done. */
function withConversation(params: URLSearchParams, conversationId: string | null): URLSearchParams {
  params.delete(SUPPORT_PARAM);
  if (conversationId) params.set('c', conversationId);
  return params;
}

/**
 * "Skriv till supporten" on the messages page of customers and clinics; once sent, the conversation is
 * the one shown. Come from a "Kontakta support" link (`?support`, issue 28), the page opens the reader's
 * conversation with the support team, or this dialog when there is none yet.
 */
export function SupportButton({ teamName }: { teamName: string }) {
  const { t } = useTranslation('messages');
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.has(SUPPORT_PARAM);
  // The newest conversations, as the inbox shows them: the support one is among them unless the reader has many.
  const conversations = useConversations(1);
  const existingId = conversations.data?.items.find((conversation) => conversation.counterpart.kind === 'team')?.id;
  const [openedHere, setOpenedHere] = useState(false);
  const open = openedHere || (asked && Boolean(conversations.data) && !existingId);
  const sentTo = useRef<string | null>(null);

  const showConversation = (conversationId: string | null) =>
    setSearchParams((params) => withConversation(params, conversationId), { replace: true });

  useEffect(() => {
    if (asked && existingId) setSearchParams((params) => withConversation(params, existingId), { replace: true });
  }, [asked, existingId, setSearchParams]);

  return (
    <WriteMessageDialog
      recipient={{ kind: 'team', fullName: t('party.team', { name: teamName }) }}
      size="default"
      open={open}
      onOpenChange={(next) => {
        setOpenedHere(next);
        if (next) return;
        // Closed: sent (the conversation it went to is shown), or cancelled (the link has done its work).
        const conversationId = sentTo.current;
        sentTo.current = null;
        if (asked || conversationId) showConversation(conversationId);
      }}
      onSent={(sent) => {
        sentTo.current = sent.conversationId;
      }}
    />
  );
}
