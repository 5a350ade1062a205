import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SettingsAnswer, type UpdateSettingRequest } from '@guildhall/contracts/recruitment';
import { apiRequest } from '@/lib/api-client';
import { API, recruitmentKeys } from './keys';

/** 000 §7 POST /api/settings/update {key, value}; answers the settings after the change. */
export function updateSetting(body: UpdateSettingRequest) {
  return apiRequest(`${API}/settings/update`, { method: 'POST', body, schema: SettingsAnswer });
}

/** Shows the new value at once (the open toggle, the dates) and puts the old one back if the server refuses. */
export function useUpdateSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateSetting,
    onMutate: async (body) => {
      await client.cancelQueries({ queryKey: recruitmentKeys.settings });
      const previous = client.getQueryData<SettingsAnswer>(recruitmentKeys.settings);
      if (previous) client.setQueryData<SettingsAnswer>(recruitmentKeys.settings, { ...previous, [body.key]: body.value });
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) client.setQueryData(recruitmentKeys.settings, context.previous);
    },
    onSuccess: (settings) => {
      client.setQueryData(recruitmentKeys.settings, settings);
      void client.invalidateQueries({ queryKey: recruitmentKeys.publicSettings });
    },
  });
}
