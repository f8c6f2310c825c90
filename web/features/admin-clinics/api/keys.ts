import type { AdminClinicQuery } from '../../../../contracts/admin.ts';

/** What the applications page asks for: those sent in, or the drafts too, and which page. */
export interface ApplicationQuery {
  drafts: boolean;
  page: number;
}

export type ClinicListQuery = Pick<AdminClinicQuery, 'search' | 'sort' | 'order' | 'page'>;

/**
 * The queries of the applications and clinics pages, in one place: every decision or edit answers
 * the clinic's review, which then updates the review and both kinds of list.
 */
export const adminClinicKeys = {
  all: ['admin', 'clinics'] as const,
  applicationLists: () => [...adminClinicKeys.all, 'applications'] as const,
  applicationList: (query: ApplicationQuery) => [...adminClinicKeys.applicationLists(), query] as const,
  clinicLists: () => [...adminClinicKeys.all, 'list'] as const,
  clinicList: (query: ClinicListQuery) => [...adminClinicKeys.clinicLists(), query] as const,
  review: (clinicId: string) => [...adminClinicKeys.all, 'review', clinicId] as const,
  facts: (clinicId: string) => [...adminClinicKeys.all, 'facts', clinicId] as const,
};
