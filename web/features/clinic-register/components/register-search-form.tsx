import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CLINIC_SEARCH_MAX_LENGTH } from '../../../../contracts/constants.ts';
import { SearchField } from '../../../components/search-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { clinicsSearchHref } from '../../../config/paths.ts';

/** A search box elsewhere than the register (the customer's overview): searching opens the register at `/kliniker?search=…`. */
export function RegisterSearchForm() {
  const { t } = useTranslation('clinics');
  const navigate = useNavigate();
  const [search, setSearch] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(clinicsSearchHref(search));
  };

  return (
    <SearchField
      label={t('register.searchLabel')}
      value={search}
      onChange={setSearch}
      maxLength={CLINIC_SEARCH_MAX_LENGTH}
      placeholder={t('register.searchPlaceholder')}
      onSubmit={submit}
      submit={<Button type="submit">{t('register.search')}</Button>}
    />
  );
}
