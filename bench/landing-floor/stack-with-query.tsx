import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { mount, TranslatedLine } from './page.tsx';

/** The line with one answer of the server, as the landing page's hero texts come. */
function LineWithData() {
  const { data } = useQuery({
    queryKey: ['site-content'],
    queryFn: async () => (await fetch('/api/site-content')).text(),
  });
  return <TranslatedLine suffix={data ?? ''} />;
}

const client = new QueryClient();
mount(<LineWithData />, (children) => <QueryClientProvider client={client}>{children}</QueryClientProvider>);
