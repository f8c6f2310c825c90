import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { SocialNetwork } from '../../contracts/constants.ts';

// lucide-react no longer ships brand marks; these are simplified outlines drawn for this site.
export function FacebookIcon(props: ComponentProps<'svg'>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />
    </svg>
  );
}

export function InstagramIcon(props: ComponentProps<'svg'>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      <rect x="2" y="2" width="20" height="20" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <line x1="17.5" y1="6.5" x2="17.51" y2="6.5" />
    </svg>
  );
}

const NETWORKS: Record<SocialNetwork, { name: string; Icon: typeof FacebookIcon }> = {
  facebook: { name: 'Facebook', Icon: FacebookIcon },
  instagram: { name: 'Instagram', Icon: InstagramIcon },
};

/** A link to the site's profile on a social network (set by the admin, issue 28), in a new tab. */
export function SocialLink({ network, href }: { network: SocialNetwork; href: string }) {
  const { t } = useTranslation();
  const { name, Icon } = NETWORKS[network];
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('footer.socialProfile', { network: name })}
      className="inline-flex rounded-md p-2 text-muted-foreground hover:bg-background hover:text-foreground"
    >
      <Icon className="size-5" aria-hidden />
    </a>
  );
}
