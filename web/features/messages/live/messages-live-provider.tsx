import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useEffectEvent, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { StreamMessage, Unread } from '../../../../contracts/messages.ts';
import { useAccessToken } from '../../../lib/access-token.tsx';
import { toast } from '../../../lib/toast.ts';
import { addMessageToThread } from '../api/get-thread.ts';
import { setUnreadTotal } from '../api/get-unread.ts';
import { messageKeys } from '../api/keys.ts';
import { snippet } from '../lib/snippet.ts';
import { runMessageStream } from './message-stream.ts';
import { type MessagesReader, MessagesReaderContext } from './reader-context.ts';

/**
 * Resolves when the tab is looked at again: it becomes visible, or its window gets the focus. A tab
 * whose stream a newer tab of the account took over (STREAMS_PER_ACCOUNT) waits for it: a person's
 * doing, so tabs never take the stream from each other in a loop.
 */
function lookedAtAgain(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') done();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', done);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * The live messages of a signed-in tab (issue 11): one stream for as long as a dashboard area is
 * open. Each new message lands in the cached thread, the conversation list and the menu's count, and
 * a toast tells of it unless the reader wrote it or has its conversation on screen. Mounted by each
 * area's Layout, inside its AccessTokenProvider; `readerId` is the signed-in person (null: none).
 */
export function MessagesLiveProvider({ readerId, children }: { readerId: string | null; children: ReactNode }) {
  const accessToken = useAccessToken();
  const queryClient = useQueryClient();
  const { t } = useTranslation('messages');
  const openConversation = useRef<string | null>(null);

  const reader = useMemo<MessagesReader | null>(
    () =>
      readerId
        ? {
            readerId,
            setOpenConversation: (conversationId) => {
              openConversation.current = conversationId;
            },
          }
        : null,
    [readerId],
  );

  const onReady = useEffectEvent(
    (id: string, { unreadTotal }: Unread, { reconnected, resumed }: { reconnected: boolean; resumed: boolean }) => {
      setUnreadTotal(queryClient, id, unreadTotal);
      // Away without a message id to resume from: whatever arrived meanwhile is only in a fresh load.
      if (reconnected && !resumed) {
        void queryClient.invalidateQueries({ queryKey: messageKeys.conversationLists(id) });
        void queryClient.invalidateQueries({ queryKey: messageKeys.threads(id) });
      }
    },
  );

  const onMessage = useEffectEvent((id: string, { conversationId, message, unreadTotal }: StreamMessage) => {
    addMessageToThread(queryClient, id, message);
    setUnreadTotal(queryClient, id, unreadTotal);
    void queryClient.invalidateQueries({ queryKey: messageKeys.conversationLists(id) });
    if (!message.fromMe && openConversation.current !== conversationId) {
      toast({ title: t('toasts.newMessage', { name: message.senderName }), description: snippet(message.content) });
    }
  });

  useEffect(() => {
    if (!readerId) return undefined;
    const controller = new AbortController();
    void runMessageStream({
      getAccessToken: accessToken,
      signal: controller.signal,
      onReady: (ready, connection) => onReady(readerId, ready, connection),
      onMessage: (message) => onMessage(readerId, message),
      resumeWhen: lookedAtAgain,
    });
    return () => controller.abort();
  }, [readerId, accessToken]);

  return <MessagesReaderContext value={reader}>{children}</MessagesReaderContext>;
}
