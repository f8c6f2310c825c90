import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingPages } from '../../../../contracts/customer-area.ts';
import { type AccessToken, useAccessToken } from '../../../lib/access-token.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { useSignedInUserId } from '../../../lib/signed-in-user.tsx';

/** GET /api/me/booking-pages: the followed register clinics that take bookings on a page of their own. */
export const getBookingPages = (accessToken: string, signal?: AbortSignal) =>
  apiGet<BookingPages>('/me/booking-pages', { signal, accessToken });

export const getBookingPagesQueryOptions = (accessToken: AccessToken, customerId: string) =>
  queryOptions({
    queryKey: ['bookings', customerId, 'booking-pages'] as const,
    queryFn: async ({ signal }) => getBookingPages(await accessToken(), signal),
    // Asked on every visit: a follow made a moment ago on a clinic's page is in the list.
    staleTime: 0,
  });

export const useBookingPages = () => useQuery(getBookingPagesQueryOptions(useAccessToken(), useSignedInUserId()));
