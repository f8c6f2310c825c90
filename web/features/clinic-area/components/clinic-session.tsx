import { createContext, type ReactNode, use } from 'react';
import { type AccessToken, useAccessToken } from '../../../lib/access-token.tsx';

export interface ClinicSession {
  /** The signed-in clinic: it keys the cached data, so another clinic signing in never sees this one's. */
  clinicId: string;
  accessToken: AccessToken;
}

const ClinicIdContext = createContext<string | null>(null);

/**
 * Which clinic the clinic area acts for. The app layer provides it from the sign-in state (features
 * never import each other), inside an AccessTokenProvider.
 */
export function ClinicSessionProvider({ clinicId, children }: { clinicId: string | null; children: ReactNode }) {
  return <ClinicIdContext value={clinicId}>{children}</ClinicIdContext>;
}

export function useClinicSession(): ClinicSession {
  const clinicId = use(ClinicIdContext);
  const accessToken = useAccessToken();
  if (!clinicId)
    throw new Error('useClinicSession must be used within a ClinicSessionProvider with a signed-in clinic');
  return { clinicId, accessToken };
}
