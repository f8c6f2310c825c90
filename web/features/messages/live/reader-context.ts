import { createContext, use, useEffect } from 'react';

export interface MessagesReader {
  /** The signed-in person: the messaging queries are keyed under it. */
  readerId: string;
  /** Tells the live stream which conversation is on screen: its new messages get no toast. */
  setOpenConversation: (conversationId: string | null) => void;
}

export const MessagesReaderContext = createContext<MessagesReader | null>(null);

/** The reader, inside MessagesLiveProvider with a signed-in person; null outside it. */
export const useMessagesReaderOrNull = () => use(MessagesReaderContext);

export function useMessagesReader(): MessagesReader {
  const reader = use(MessagesReaderContext);
  if (!reader) throw new Error('useMessagesReader must be used within a MessagesLiveProvider with a signed-in user');
  return reader;
}

/** Marks `conversationId` as the one on screen while the calling component shows it. */
export function useOpenConversation(conversationId: string | null) {
  const reader = useMessagesReaderOrNull();
  useEffect(() => {
    if (!reader || !conversationId) return undefined;
    reader.setOpenConversation(conversationId);
    return () => reader.setOpenConversation(null);
  }, [reader, conversationId]);
}
