/**
 * The messaging queries, under the reader's id: the cache outlives a sign-out, and whoever signs in
 * next in the same tab never sees these. `messageKeys.all` covers every reader's.
 */
export const messageKeys = {
  all: ['messages'] as const,
  reader: (readerId: string) => [...messageKeys.all, readerId] as const,
  conversationLists: (readerId: string) => [...messageKeys.reader(readerId), 'conversations'] as const,
  conversations: (readerId: string, page: number) => [...messageKeys.conversationLists(readerId), page] as const,
  threads: (readerId: string) => [...messageKeys.reader(readerId), 'thread'] as const,
  thread: (readerId: string, conversationId: string) => [...messageKeys.threads(readerId), conversationId] as const,
  unread: (readerId: string) => [...messageKeys.reader(readerId), 'unread'] as const,
};
