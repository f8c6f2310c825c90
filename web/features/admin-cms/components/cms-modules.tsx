import { FileTextIcon, ImageIcon, type LucideIcon, MenuIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { toast } from '../../../lib/toast.ts';

const MODULES: { key: string; icon: LucideIcon }[] = [
  { key: 'pages', icon: FileTextIcon },
  { key: 'menus', icon: MenuIcon },
  { key: 'media', icon: ImageIcon },
];

/** SPEC section 2 "Admin area", CMS: pages, menus, design and media are announced, not built (SPEC section 8). */
export function CmsModules() {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {MODULES.map(({ key, icon: Icon }) => (
        <li key={key}>
          <Card className="flex h-full flex-col">
            <CardHeader className="flex-1">
              <Icon className="mb-2 size-10 rounded-lg bg-secondary p-2 text-secondary-foreground" aria-hidden />
              <CardTitle as="h2">{t(`admin:cms.modules.${key}.title`)}</CardTitle>
              <CardDescription>{t(`admin:cms.modules.${key}.description`)}</CardDescription>
            </CardHeader>
            <CardContent>
              <Button variant="outline" onClick={() => toast({ title: t('common:toast.notImplemented') })}>
                {t(`admin:cms.modules.${key}.action`)}
              </Button>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
