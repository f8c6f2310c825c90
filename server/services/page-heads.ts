import { CERTIFICATION_BODY, type Language, PRIVACY_PATH } from '../../contracts/constants.ts';
import type { CertificateVerification } from '../../contracts/certificates.ts';
import type { ClinicProfile, RatingSummary } from '../../contracts/clinics.ts';
import type { ClinicLeftRegister, LeftRegisterStatus } from '../../contracts/left-register.ts';
import { TREATMENTS, type TreatmentId } from '../../contracts/treatments.ts';
import type { PageHead } from '../lib/html-head.ts';

// What the server writes into the head of the public pages crawlers index (issue 9): in Swedish, the
// site's default language; the app sets the visitor's language once it runs.

const DESCRIPTION_MAX = 160;

const shorten = (text: string) =>
  text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : text;
const absolute = (siteUrl: string, path: string) => new URL(path, siteUrl).href;

export const clinicPagePath = (slug: string) => `/kliniker/${encodeURIComponent(slug)}`;
export const verificationPagePath = (number: string) => `/verifiera/${encodeURIComponent(number)}`;

/**
 * A certificate's scope in schema.org terms (issue 22), on the credential rather than the business: a
 * clinic may offer more than its certificate covers, so `hasOfferCatalog` on the business would vouch
 * for offers nobody checked, and `competencyRequired` speaks of what a person must show to earn a
 * credential. EducationalOccupationalCredential is a CreativeWork, whose `about` takes any Thing: each
 * treatment is a DefinedTerm of our catalogue (`inDefinedTermSet`), with its code as `termCode`: each
 * property is one schema.org defines for its type.
 */
const scopeTerms = (treatments: readonly TreatmentId[], siteUrl: string) =>
  treatments.map((id) => ({
    '@type': 'DefinedTerm',
    termCode: id,
    name: TREATMENTS[id].name.sv,
    description: TREATMENTS[id].description.sv,
    inDefinedTermSet: {
      '@type': 'DefinedTermSet',
      name: `${CERTIFICATION_BODY}s behandlingar`,
      url: absolute(siteUrl, '/'),
    },
  }));

/**
 * The clinic's rating from verified visits (issue 23) as schema.org states one: only when the page shows
 * one, from MIN_REVIEWS_FOR_RATING published reviews; no rating is ever claimed without real reviews.
 */
const aggregateRating = (rating: RatingSummary) => ({
  '@type': 'AggregateRating',
  ratingValue: rating.average,
  reviewCount: rating.count,
  bestRating: 5,
  worstRating: 1,
});

/** `/kliniker/{slug}`: the clinic as a schema.org HealthAndBeautyBusiness holding our certificate. */
export function clinicProfileHead(clinic: ClinicProfile, siteUrl: string): PageHead {
  const place = clinic.city ? ` i ${clinic.city}` : '';
  const url = absolute(siteUrl, clinicPagePath(clinic.slug));
  return {
    title: `${clinic.fullName}${place} – ${CERTIFICATION_BODY}`,
    description: shorten(
      clinic.description?.trim() ||
        `${clinic.fullName}${place} är certifierad av ${CERTIFICATION_BODY} (certifikat ${clinic.certificate.number}).`,
    ),
    canonical: url,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'HealthAndBeautyBusiness',
      name: clinic.fullName,
      url,
      ...(clinic.description ? { description: clinic.description } : {}),
      ...(clinic.coverImageUrl ? { image: absolute(siteUrl, clinic.coverImageUrl) } : {}),
      ...(clinic.website ? { sameAs: clinic.website } : {}),
      ...(clinic.phoneNumber ? { telephone: clinic.phoneNumber } : {}),
      ...(clinic.contactEmail ? { email: clinic.contactEmail } : {}),
      ...(clinic.rating ? { aggregateRating: aggregateRating(clinic.rating) } : {}),
      address: {
        '@type': 'PostalAddress',
        addressCountry: 'SE',
        ...(clinic.city ? { addressLocality: clinic.city } : {}),
        ...(clinic.address ? { streetAddress: clinic.address } : {}),
      },
      hasCredential: {
        '@type': 'EducationalOccupationalCredential',
        name: `${CERTIFICATION_BODY} ${clinic.certificate.number}`,
        credentialCategory: 'certificate',
        url: absolute(siteUrl, verificationPagePath(clinic.certificate.number)),
        validFrom: clinic.certificate.validFrom,
        expires: clinic.certificate.validTo,
        recognizedBy: { '@type': 'Organization', name: CERTIFICATION_BODY, url: absolute(siteUrl, '/') },
        ...(clinic.certificate.treatments.length > 0
          ? { about: scopeTerms(clinic.certificate.treatments, siteUrl) }
          : {}),
      },
    },
  };
}

const LEFT_REGISTER_WORDS: Record<LeftRegisterStatus, { title: string; text: (day: string) => string }> = {
  withdrawn: {
    title: 'certifikatet återkallat',
    text: (day) => `Certifikatet återkallades den ${day}. Kliniken finns inte längre i registret.`,
  },
  expired: {
    title: 'certifikatet har gått ut',
    text: (day) => `Certifikatet gällde till och med ${day} och har gått ut. Kliniken finns inte längre i registret.`,
  },
  suspended: {
    title: 'certifikatet tillfälligt indraget',
    text: (day) =>
      `Certifikatet är tillfälligt indraget sedan ${day}. Kliniken visas inte i registret medan det är indraget.`,
  },
};

/**
 * `/kliniker/{slug}` of a clinic that left the register (issue 28 point 4): what happened, in the title
 * so that a search result or a shared link already tells it, and kept out of search indexes
 * (`noindex`): the page exists for the people who follow an old link, not to be found as a clinic.
 * No structured data, the body vouches for nothing here; no canonical address, which would ask for the
 * indexing that noindex declines.
 */
export function leftRegisterHead(clinic: ClinicLeftRegister): PageHead {
  const { status, day, certificateNumber } = clinic.leftRegister;
  const words = LEFT_REGISTER_WORDS[status];
  return {
    title: `${clinic.fullName}: ${words.title} – ${CERTIFICATION_BODY}`,
    description: shorten(`${clinic.fullName}: ${words.text(day)} Se certifikat ${certificateNumber}.`),
    robots: 'noindex',
  };
}

const STATUS_WORDS: Record<CertificateVerification['status'], string> = {
  active: 'giltigt',
  suspended: 'tillfälligt indraget',
  expired: 'utgånget',
  withdrawn: 'återkallat',
};

/**
 * `/verifiera/{number}`: the certificate's status in the title, so a search result already tells it, and
 * its scope in the description.
 */
export function verificationHead(certificate: CertificateVerification, siteUrl: string): PageHead {
  const scope = certificate.treatments.map((id) => TREATMENTS[id].name.sv).join(', ');
  return {
    title: `Certifikat ${certificate.number}: ${STATUS_WORDS[certificate.status]} – ${CERTIFICATION_BODY}`,
    description: `${certificate.clinic.fullName}${certificate.clinic.city ? `, ${certificate.clinic.city}` : ''}: certifikat ${certificate.number}, ${STATUS_WORDS[certificate.status]}, gäller ${certificate.validFrom} till ${certificate.validTo}${scope ? `, omfattar ${scope}` : ''}. Utfärdat av ${CERTIFICATION_BODY}.`,
    canonical: absolute(siteUrl, verificationPagePath(certificate.number)),
  };
}

const PRIVACY_WORDS: Record<Language, { title: string; description: string }> = {
  sv: {
    title: 'Integritetspolicy',
    description: `Så behandlar ${CERTIFICATION_BODY} personuppgifter: vad vi sparar och varför, hur länge, vem som får ta del av dem och hur du använder dina rättigheter.`,
  },
  en: {
    title: 'Privacy policy',
    description: `How ${CERTIFICATION_BODY} handles personal data: what we keep and why, for how long, who receives it and how you use your rights.`,
  },
};

/**
 * `/integritet` (issue 26 point 4), in the language its first screen is painted in: the English page is
 * `/integritet?lng=en`, where `/privacy` sends, so each language has an address of its own.
 */
export function privacyHead(language: Language, siteUrl: string): PageHead {
  const words = PRIVACY_WORDS[language];
  return {
    title: `${words.title} – ${CERTIFICATION_BODY}`,
    description: words.description,
    canonical: absolute(siteUrl, language === 'sv' ? PRIVACY_PATH : `${PRIVACY_PATH}?lng=${language}`),
  };
}

export const NOT_FOUND_HEAD: PageHead = {
  title: `Sidan hittades inte – ${CERTIFICATION_BODY}`,
  description: 'Sidan finns inte, eller finns inte längre.',
};
export const UNKNOWN_CERTIFICATE_HEAD: PageHead = {
  title: `Okänt certifikatnummer – ${CERTIFICATION_BODY}`,
  description: `Inget certifikat från ${CERTIFICATION_BODY} har det numret. Sök på numret eller klinikens namn.`,
};
