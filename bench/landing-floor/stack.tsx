import { mount, TranslatedLine } from './page.tsx';

mount(<TranslatedLine />);
