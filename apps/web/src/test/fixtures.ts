// Server-shaped responses for the demo Deccan Herald site, written as the API
// sends them (not through our own types' helpers) so tests catch contract drift.
import { html, reply, type Handler } from './fake-server.ts';

export const TODAY = '2026-11-21';

export const siteConfig = {
  brand: 'dh',
  publisher: 'DH',
  timeZone: 'Asia/Kolkata',
  today: TODAY,
  googleClientId: null,
  gtmId: null,
  freeEdition: 2,
};

export const editionGroups = [
  {
    parent_edition: 'Bengaluru',
    editions: [
      { id: 2, edition_number: 2, edition_name: 'Bengaluru City' },
      { id: 3, edition_number: 3, edition_name: 'Bengaluru Rural' },
    ],
  },
  { parent_edition: 'Karnataka', editions: [{ id: 5, edition_number: 5, edition_name: 'Mysuru' }] },
];

function page(date: string, edition: number, pageNo: number, name: string) {
  const base = `${edition}/${date}/page-${pageNo}`;
  return {
    displayName: name,
    name: pageNo === 1 ? '01 Front Page' : `${String(pageNo).padStart(2, '0')} ${name}`,
    pageNo,
    image: `/media/dh/${base}.webp`,
    imgFile: `${base}.webp`,
    zoomFile: `${base}-zoom.webp`,
    imgThumbFile: `${base}-thumb.webp`,
    imgPreviewFile: `${base}-preview.webp`,
    pdfFile: `${base}.pdf`,
    width: 1000,
    height: 1600,
    // Open, as the server sends pages to a reader whose plan covers them.
    locked: false,
    articles: [
      {
        id: `${edition}-${date}-p${pageNo}-a1`,
        htmlFile: `articles/p${pageNo}-a1.html`,
        title: `Lead story of page ${pageNo}`,
        top: 10,
        left: 5,
        width: 60,
        height: 25.5,
      },
      {
        id: `${edition}-${date}-p${pageNo}-a2`,
        htmlFile: `articles/p${pageNo}-a2.html`,
        title: `Second story of page ${pageNo}`,
        top: 40,
        left: 5,
        width: 40,
        height: 20,
      },
    ],
    ads: [
      {
        id: `ad-${pageNo}`,
        imgFile: `ads/ad-${pageNo}.webp`,
        top: 80,
        left: 50,
        width: 45,
        height: 15,
      },
    ],
  };
}

export function epaperData(date: string, edition: number) {
  const compact = date.replaceAll('-', '');
  return {
    date,
    edition: editionGroups.flatMap((g) => g.editions).find((e) => e.edition_number === edition),
    data_url_suffix: '/media/dh/',
    html_url_suffix: '/media/dh/html/',
    sections: [
      {
        name: 'Main',
        pages: [page(compact, edition, 1, 'Front Page'), page(compact, edition, 2, 'City')],
      },
      { name: 'Sport', pages: [page(compact, edition, 3, 'Sport')] },
    ],
  };
}

/**
 * The issue as the server sends it to someone whose plan opens only the front page
 * (`openPages` 1), or none of it (0: another edition than the free one).
 */
export function withLaterPagesLocked(date: string, edition: number, openPages = 1) {
  const data = epaperData(date, edition);
  return {
    ...data,
    sections: data.sections.map((section) => ({
      ...section,
      pages: section.pages.map((page) =>
        page.pageNo <= openPages
          ? page
          : {
              ...page,
              image: `/media/dh/2/${date}/p0${page.pageNo}-locked.webp`,
              imgFile: `p0${page.pageNo}-locked.webp`,
              zoomFile: `p0${page.pageNo}-locked.webp`,
              imgThumbFile: `p0${page.pageNo}-locked.webp`,
              imgPreviewFile: `p0${page.pageNo}-locked.webp`,
              pdfFile: '',
              articles: [],
              ads: [],
              locked: true,
            },
      ),
    })),
  };
}

interface SearchHitFields {
  id: string;
  title: string;
  description: string;
  date: string;
  edition: number;
  pageNo: number;
  pageName: string;
  locked: boolean;
}

/** A hit as GET /api/epaper/search sends it (spec 2 §3). */
export function searchHit(fields: SearchHitFields) {
  const compact = fields.date.replaceAll('-', '');
  const editionName =
    editionGroups.flatMap((g) => g.editions).find((e) => e.edition_number === fields.edition)
      ?.edition_name ?? '';
  return {
    _id: fields.id,
    _source: {
      publisher_short_code: 'DH',
      title: fields.title,
      // A locked hit carries its title and place only.
      description: fields.locked ? '' : fields.description,
      page_details: {
        imgFile: `${fields.edition}/${compact}/page-${fields.pageNo}.webp`,
        pageNo: fields.pageNo,
        name: fields.pageName,
      },
      htmlPath: fields.locked ? '' : `articles/p${fields.pageNo}-a1.html`,
      top: 10,
      left: 5,
      width: 60,
      height: 25.5,
      created_at: fields.date,
      edition_number: fields.edition,
      edition_name: editionName,
      locked: fields.locked,
    },
  };
}

/**
 * What the fake search finds, by lowercased term: "council" an open article on
 * page 2 of today's Bengaluru City and a locked one; "budget" 13 articles (a full
 * page of 10, then 3); anything else nothing.
 */
export const SEARCH_RESULTS: Record<string, ReturnType<typeof searchHit>[]> = {
  council: [
    searchHit({
      id: `2-${TODAY.replaceAll('-', '')}-p2-a1`,
      title: 'Lead story of page 2',
      description: 'The city council met on Friday and agreed a new budget.',
      date: TODAY,
      edition: 2,
      pageNo: 2,
      pageName: '02 City',
      locked: false,
    }),
    searchHit({
      id: '3-20261120-p3-a2',
      title: 'Rural council elections called',
      description: 'Polling is set for March.',
      date: '2026-11-20',
      edition: 3,
      pageNo: 3,
      pageName: '03 Sport',
      locked: true,
    }),
  ],
  budget: Array.from({ length: 13 }, (_, index) =>
    searchHit({
      id: `5-20261119-p1-b${index + 1}`,
      title: `Budget story ${index + 1}`,
      description: `Budget detail number ${index + 1}.`,
      date: '2026-11-19',
      edition: 5,
      pageNo: 1,
      pageName: '01 Front Page',
      locked: false,
    }),
  ),
};

export const searchResults: Handler = (url) => {
  const term = (url.searchParams.get('query') ?? '').trim().toLowerCase();
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const limit = Number(url.searchParams.get('limit') ?? 10);
  return { hits: (SEARCH_RESULTS[term] ?? []).slice(offset, offset + limit) };
};

export const noEdition = () => reply(404, { status: 'ERROR', message: 'No Edition Available' });

/** Dates (yyyy-MM-dd) that have no edition in the fake archive. */
export const MISSING_DATES = new Set(['2026-11-15', '2026-11-16']);
/** Of those, the days with a holiday notice. */
export const HOLIDAY_DATES = new Set(['2026-11-15']);

export function siteRoutes(overrides: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    '/api/config': () => siteConfig,
    '/api/epaper/editions': () => editionGroups,
    '/api/epaper/data': (url) => {
      const compact = url.searchParams.get('date') ?? '';
      const date = `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}`;
      if (MISSING_DATES.has(date)) return noEdition();
      return epaperData(date, Number(url.searchParams.get('edition')));
    },
    '/api/epaper/available-dates': (url) => {
      const month = String(url.searchParams.get('month')).padStart(2, '0');
      const days = Array.from(
        { length: 30 },
        (_, i) => `2026-${month}-${String(i + 1).padStart(2, '0')}`,
      );
      return {
        dates: days.map((date) => ({
          date,
          hasData: !MISSING_DATES.has(date) && date <= TODAY,
          holiday: HOLIDAY_DATES.has(date),
        })),
      };
    },
    '/api/pop-up/by-date': () => [],
    '/api/epaper/search': searchResults,
    // A visitor: no session to read or refresh.
    '/api/auth/me': () => reply(401, { status: 'ERROR', message: 'Please log in to continue.' }),
    '/api/auth/session/refresh': () =>
      reply(401, { status: 'ERROR', message: 'Please log in to continue.' }),
    '/media/dh/html/articles/p1-a1.html': () =>
      html(
        '<article><h1>Lead story of page 1</h1><p>The city council met on Friday.</p><p>It agreed a new budget.</p></article>',
      ),
    ...overrides,
  };
}
