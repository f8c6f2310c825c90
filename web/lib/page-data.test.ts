import { afterEach, describe, expect, it } from 'vitest';
import type { ClinicPage } from '../../contracts/clinics.ts';
import { PAGE_DATA_ID, pageDataElement, takePageData } from './page-data.ts';

const page: ClinicPage = {
  items: [
    {
      id: '6f1c2a55-0000-4000-8000-000000000001',
      fullName: 'Klinik </script><script>alert(1)</script> & <!-- Åsa',
      city: 'Malmö',
      website: null,
      coverImageUrl: null,
      isCertified: true,
      slug: 'klinik-asa',
      rating: { average: 4.6, count: 12 },
      position: null,
    },
  ],
  nextCursor: null,
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the data a page was rendered with', () => {
  it('reaches the app as it was, whatever a clinic is called, and only once', () => {
    document.body.innerHTML = pageDataElement({ register: { search: 'malmö', page } });
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(takePageData()).toEqual({ register: { search: 'malmö', page } });
    expect(document.getElementById(PAGE_DATA_ID)).toBeNull();
    expect(takePageData()).toBeUndefined();
  });

  it('is nothing when the page has none or it cannot be read', () => {
    expect(takePageData()).toBeUndefined();
    document.body.innerHTML = `<script type="application/json" id="${PAGE_DATA_ID}">{"register":</script>`;
    expect(takePageData()).toBeUndefined();
  });
});
