import { ClockIcon, MailIcon, MapPinIcon, MessageCircleIcon, PhoneIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { supportConversationHref } from '../../../config/page-params.ts';
import { useAuth } from '../../../features/auth/components/auth-provider.tsx';
import { ContactForm } from '../../../features/contact/components/contact-form.tsx';
import { useStoredSession } from '../../../lib/stored-session.ts';

/** The signed-in customer's or clinic's role (the stored session's until auth-js has answered); null otherwise. */
function useSupportRole(): 'customer' | 'clinic' | null {
  const { status, user } = useAuth();
  const stored = useStoredSession();
  const role = status === 'authenticated' ? user?.role : status === 'loading' ? stored?.role : null;
  return role === 'customer' || role === 'clinic' ? role : null;
}

/**
 * Signed in, a customer or clinic writes to us in its support conversation in the app (issue 28),
 * where the answer comes too; the form is for everyone else.
 */
function SupportConversationLink({ role }: { role: 'customer' | 'clinic' }) {
  const { t } = useTranslation('contact');
  return (
    <div className="grid justify-items-start gap-4">
      <p className="text-muted-foreground">{t('signedIn.text')}</p>
      <Button asChild size="lg">
        <Link to={supportConversationHref(role)}>
          <MessageCircleIcon aria-hidden />
          {t('signedIn.action')}
        </Link>
      </Button>
    </div>
  );
}

export function Component() {
  const { t } = useTranslation('contact');
  const supportRole = useSupportRole();
  const email = t('details.email.value');
  const phone = t('details.phone.value');

  return (
    <>
      <PageHeader title={t('title')} intro={t('intro')} />

      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-14 sm:px-6 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="contact-form-heading">
          <Card>
            <CardHeader>
              <h2 id="contact-form-heading" className="text-2xl font-bold tracking-tight">
                {supportRole ? t('signedIn.title') : t('form.title')}
              </h2>
            </CardHeader>
            <CardContent>{supportRole ? <SupportConversationLink role={supportRole} /> : <ContactForm />}</CardContent>
          </Card>
        </section>

        <section aria-labelledby="contact-details-heading" className="space-y-6">
          <Card className="bg-secondary/40">
            <CardHeader>
              <h2 id="contact-details-heading" className="text-2xl font-bold tracking-tight">
                {t('details.title')}
              </h2>
            </CardHeader>
            <CardContent>
              <address className="not-italic">
                <ul className="space-y-5">
                  <li className="flex gap-3">
                    <MailIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
                    <div>
                      <p className="text-sm font-medium">{t('details.email.label')}</p>
                      <a
                        href={`mailto:${email}`}
                        className="break-all text-primary underline underline-offset-4 hover:no-underline"
                      >
                        {email}
                      </a>
                    </div>
                  </li>
                  <li className="flex gap-3">
                    <PhoneIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
                    <div>
                      <p className="text-sm font-medium">{t('details.phone.label')}</p>
                      <a
                        href={`tel:${phone.replace(/[^+\d]/g, '')}`}
                        className="text-primary underline underline-offset-4 hover:no-underline"
                      >
                        {phone}
                      </a>
                    </div>
                  </li>
                  <li className="flex gap-3">
                    <MapPinIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
                    <div>
                      <p className="text-sm font-medium">{t('details.address.label')}</p>
                      <p>{t('details.address.street')}</p>
                      <p>{t('details.address.city')}</p>
                    </div>
                  </li>
                </ul>
              </address>
            </CardContent>
          </Card>
          <div className="flex gap-3 rounded-lg border bg-card p-6 shadow-sm">
            <ClockIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
            <div>
              <h3 className="font-semibold">{t('responseTime.title')}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{t('responseTime.text')}</p>
            </div>
          </div>
        </section>
      </div>
    </>
  );
}
