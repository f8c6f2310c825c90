import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '../../../../contracts/constants.ts';
import type { HeroContent } from '../../../../contracts/site.ts';
import { apiGet } from '../../../lib/api-client.ts';

export const getHeroContent = (language: Language, signal?: AbortSignal) =>
  apiGet<HeroContent>(`/site/content?${new URLSearchParams({ lang: language })}`, { signal });

// The language is part of the key, so switching language loads that language's hero texts.
export const getHeroContentQueryOptions = (language: Language) =>
  queryOptions({ queryKey: ['site', 'hero', language], queryFn: ({ signal }) => getHeroContent(language, signal) });

export const useHeroContent = (language: Language) => useQuery(getHeroContentQueryOptions(language));
