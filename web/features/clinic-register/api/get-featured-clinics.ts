import { useQuery } from '@tanstack/react-query';
import type { ClinicPage } from '../../../../contracts/clinics.ts';
import { FEATURED_CLINIC_COUNT } from '../../../../contracts/constants.ts';
import { apiGet } from '../../../lib/api-client.ts';

/**
 * GET /api/clinics?limit=3: the landing page's featured clinics, the register's first page in its own
 * order. One page only, so a plain query rather than get-clinics.ts's infinite one: the landing page then
 * loads none of TanStack Query's infinite-query code (its JavaScript budget, build/budgets.ts).
 */
export const useFeaturedClinics = () =>
  useQuery({
    queryKey: ['clinics', 'featured'],
    queryFn: ({ signal }) => apiGet<ClinicPage>(`/clinics?limit=${FEATURED_CLINIC_COUNT}`, { signal }),
  });
