import { createContext, type ReactNode, use, useMemo } from 'react';
import { ApiRequestError } from './api-client.ts';
import { i18n } from './i18n.ts';

/** Resolves with a valid access token for the API; rejects when the session has ended. */
export type AccessToken = () => Promise<string>;

const AccessTokenContext = createContext<AccessToken | null>(null);

/**
 * The signed-in person's access token for the features behind a login. The app layer provides it
 * from the sign-in state: features never import each other, so none reaches into the auth feature.
 */
export function AccessTokenProvider({
  getAccessToken,
  children,
}: {
  getAccessToken: () => Promise<string | null>;
  children: ReactNode;
}) {
  const accessToken = useMemo<AccessToken>(
    () => async () => {
      const token = await getAccessToken();
      if (!token) throw new ApiRequestError(401, 'unauthorized', i18n.t('validation:unauthorized'));
      return token;
    },
    [getAccessToken],
  );
  return <AccessTokenContext value={accessToken}>{children}</AccessTokenContext>;
}

export function useAccessToken(): AccessToken {
  const accessToken = use(AccessTokenContext);
  if (!accessToken) throw new Error('useAccessToken must be used within an AccessTokenProvider');
  return accessToken;
}
