import { createContext, type ReactNode, use } from 'react';
import { AccessTokenProvider } from './access-token.tsx';

const UserIdContext = createContext<string | null>(null);

/**
 * The signed-in person for the features that show their own data (follows, reports): the access
 * token for the API, and the id that keys the cached data. The cache outlives a sign-out, so whoever
 * signs in next in the same tab never sees the previous person's data. The app layer provides it from
 * the sign-in state: features never import the auth feature.
 */
export function SignedInUserProvider({
  userId,
  getAccessToken,
  children,
}: {
  userId: string | null;
  getAccessToken: () => Promise<string | null>;
  children: ReactNode;
}) {
  return (
    <UserIdContext value={userId}>
      <AccessTokenProvider getAccessToken={getAccessToken}>{children}</AccessTokenProvider>
    </UserIdContext>
  );
}

export function useSignedInUserId(): string {
  const userId = use(UserIdContext);
  if (!userId) throw new Error('useSignedInUserId must be used within a SignedInUserProvider with a signed-in user');
  return userId;
}
