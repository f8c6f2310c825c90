import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClinicOwnProfile, ClinicSettings } from '../../../../contracts/clinic-area.ts';
import { apiSend } from '../../../lib/api-send.ts';
import { useClinicSession } from '../components/clinic-session.tsx';
import { clinicAreaKeys } from './get-clinic-profile.ts';

/** PATCH /api/clinic/settings: the public profile and contact details; null clears a field. */
export const updateClinicSettings = (accessToken: string, settings: ClinicSettings) =>
  apiSend<ClinicOwnProfile>('PATCH', '/clinic/settings', settings, { accessToken });

export function useUpdateClinicSettings() {
  const { clinicId, accessToken } = useClinicSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: ClinicSettings) => updateClinicSettings(await accessToken(), settings),
    onSuccess: (profile) => queryClient.setQueryData(clinicAreaKeys.profile(clinicId), profile),
  });
}
