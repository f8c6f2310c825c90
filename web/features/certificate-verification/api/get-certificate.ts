import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CertificateVerification } from '../../../../contracts/certificates.ts';
import { ApiRequestError, apiGet } from '../../../lib/api-client.ts';

/** GET /api/certificates/:number: the certificate as anyone may check it. */
export const getCertificate = (number: string, signal?: AbortSignal) =>
  apiGet<CertificateVerification>(`/certificates/${encodeURIComponent(number)}`, { signal });

/** No certificate has the number (a 404, or a 400 for an address the server refuses): the answer, not a failure. */
export const isUnknownCertificate = (error: unknown) =>
  error instanceof ApiRequestError && (error.status === 404 || error.status === 400);

export const getCertificateQueryOptions = (number: string) =>
  queryOptions({
    queryKey: ['certificates', 'verification', number],
    queryFn: ({ signal }) => getCertificate(number, signal),
    retry: (failureCount, error) => !isUnknownCertificate(error) && failureCount < 1,
  });

/** Asks nothing without a number (`/verifiera` alone). */
export const useCertificate = (number: string | undefined) =>
  useQuery({ ...getCertificateQueryOptions(number ?? ''), enabled: Boolean(number) });
