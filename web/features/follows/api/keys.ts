/**
 * The follows' queries, under the customer's id: the cache outlives a sign-out, and the next person
 * signing in never sees these. A change of one follow updates the states and the followed list here.
 */
export const followKeys = {
  all: (customerId: string) => ['follows', customerId] as const,
  statuses: (customerId: string) => [...followKeys.all(customerId), 'status'] as const,
  status: (customerId: string, clinicIds: readonly string[]) =>
    [...followKeys.statuses(customerId), clinicIds] as const,
  lists: (customerId: string) => [...followKeys.all(customerId), 'list'] as const,
};
