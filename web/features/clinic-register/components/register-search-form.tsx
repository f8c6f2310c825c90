import { SearchIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CLINIC_SEARCH_MAX_LENGTH } from '../../../../contracts/constants.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { clinicsSearchHref } from '../../../config/paths.ts';

/** A search box elsewhere than the register (the customer's overview): searching opens the register at `/kliniker?search=…`. */
export function RegisterSearchForm() {
  const { t } = useTranslation('clinics');
  const inputId = useId();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(clinicsSearchHref(search));
  };

  return (
    <form role="search" onSubmit={submit} className="grid gap-2">
      <label htmlFor={inputId} className="text-sm font-medium">
        {t('register.searchLabel')}
      </label>
      <div className="flex flex-wrap gap-2">
        <div className="relative min-w-0 flex-1">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id={inputId}
            type="search"
            value={search}
            maxLength={CLINIC_SEARCH_MAX_LENGTH}
            placeholder={t('register.searchPlaceholder')}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
        <Button type="submit">{t('register.search')}</Button>
      </div>
    </form>
  );
}
