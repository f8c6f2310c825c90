import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CERTIFICATE_SEARCH_MAX_LENGTH } from '../../../../contracts/certificates.ts';
import { PagedList } from '../../../components/paged-list.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { verificationHref } from '../../../config/paths.ts';
import { formatDate, formatDay } from '../../../lib/format.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useCertificateSearch } from '../api/search-certificates.ts';
import { CertificateStatusBadge } from './certificate-status.tsx';

/** The shortest search the server takes (CertificateSearchQuerySchema): one letter would match half the register. */
const SEARCH_MIN_LENGTH = 2;

/** Certificates by number or clinic name, any status; the search and page live in the address (`?search=…&page=2`). */
export function CertificateSearch() {
  const { t } = useTranslation('verification');
  const headingId = useId();
  const { search, settledSearch, setSearch, page, setPage } = useListParams();
  const hits = useCertificateSearch(
    { search: settledSearch, page },
    { enabled: settledSearch.length >= SEARCH_MIN_LENGTH },
  );
  const typed = search.trim().length;

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div>
        <h2 id={headingId} className="text-xl font-semibold">
          {t('search.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('search.intro')}</p>
      </div>
      <SearchField
        label={t('search.label')}
        value={search}
        onChange={setSearch}
        placeholder={t('search.placeholder')}
        maxLength={CERTIFICATE_SEARCH_MAX_LENGTH}
        className="max-w-xl"
      />
      {typed === 0 ? null : typed < SEARCH_MIN_LENGTH ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('search.tooShort')}
        </p>
      ) : (
        <PagedList
          query={hits}
          page={page}
          onPageChange={setPage}
          loadErrorMessage={t('search.loadError')}
          emptyMessage={t('search.noResults')}
          rowClassName="h-16"
        >
          {(items) => (
            <ul aria-label={t('search.listLabel')} className="divide-y">
              {items.map((hit) => (
                <li key={hit.number} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
                  <div className="grid gap-0.5">
                    <Link
                      to={verificationHref(hit.number)}
                      className="w-fit font-mono font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {hit.number}
                    </Link>
                    <p className="text-sm">
                      {hit.clinic.fullName}
                      {hit.clinic.city ? <span className="text-muted-foreground">, {hit.clinic.city}</span> : null}
                      {hit.clinic.orgNumber ? (
                        <span className="text-muted-foreground">
                          {' '}
                          · {t('search.orgNumber', { orgNumber: hit.clinic.orgNumber })}
                        </span>
                      ) : null}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
                    <span>
                      {hit.withdrawnAt
                        ? t('search.withdrawnOn', { date: formatDate(hit.withdrawnAt) })
                        : t('search.validPeriod', { from: formatDay(hit.validFrom), to: formatDay(hit.validTo) })}
                    </span>
                    <CertificateStatusBadge status={hit.status} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </PagedList>
      )}
    </section>
  );
}
