// Every route of the product (spec 1 §2 and spec 2 §2) in one typed table. Any
// other path falls through to `*`, which redirects to /.
import type { ComponentType } from 'react';
import { EditionPathScreen } from '../features/reader/edition-path-screen.tsx';
import { ReaderScreen } from '../features/reader/reader-screen.tsx';

export type RouteScreen =
  | { Component: ComponentType }
  /** Code-split: loaded on first visit so the reader's bundle stays small. */
  | { load: () => Promise<ComponentType> };

export interface AppRoute {
  path: string;
  purpose: string;
  screen: RouteScreen;
}

export const ROUTE_TABLE = [
  {
    path: '/',
    purpose: 'E-paper reader; query date, edition, page',
    screen: { Component: ReaderScreen },
  },
  {
    path: '/article/:articleId',
    purpose: 'Article text; query date, edition_No, pageNumber, source',
    screen: {
      load: () => import('../features/article/article-screen.tsx').then((m) => m.ArticleScreen),
    },
  },
  {
    path: '/auth',
    purpose: 'Log in or create an account; query redirectUrl or redirect_url',
    screen: { load: () => import('../features/auth/login-screen.tsx').then((m) => m.LoginScreen) },
  },
  {
    path: '/auth/verify_otp',
    purpose: 'One-time code entry',
    screen: {
      load: () => import('../features/auth/verify-otp-screen.tsx').then((m) => m.VerifyOtpScreen),
    },
  },
  {
    path: '/auth/authenticate',
    purpose: 'Welcome after verification',
    screen: {
      load: () =>
        import('../features/auth/authenticate-screen.tsx').then((m) => m.AuthenticateScreen),
    },
  },
  {
    path: '/auth/callback/:provider',
    purpose: 'Social sign-in return',
    screen: {
      load: () =>
        import('../features/auth/social-callback-screen.tsx').then((m) => m.SocialCallbackScreen),
    },
  },
  {
    path: '/profile',
    purpose: 'Profile (login required)',
    screen: {
      load: () => import('../features/profile/profile-screen.tsx').then((m) => m.ProfileScreen),
    },
  },
  {
    path: '/subscribe',
    purpose: 'Plans; router state fromUpgrade; anchor #faqs',
    screen: {
      load: () =>
        import('../features/subscribe/subscribe-screen.tsx').then((m) => m.SubscribeScreen),
    },
  },
  {
    path: '/review',
    purpose: 'Review and pay the selected plan',
    screen: {
      load: () => import('../features/checkout/review-screen.tsx').then((m) => m.ReviewScreen),
    },
  },
  {
    path: '/payment-success',
    purpose: 'Payment success; query order',
    screen: {
      load: () =>
        import('../features/checkout/payment-success-screen.tsx').then(
          (m) => m.PaymentSuccessScreen,
        ),
    },
  },
  {
    path: '/payment-failure',
    purpose: 'Payment failure; query reason',
    screen: {
      load: () =>
        import('../features/checkout/payment-failure-screen.tsx').then(
          (m) => m.PaymentFailureScreen,
        ),
    },
  },
  {
    path: '/downgrade-popup',
    purpose: 'Plan change scheduled',
    screen: {
      load: () =>
        import('../features/checkout/downgrade-screen.tsx').then((m) => m.DowngradeScreen),
    },
  },
  {
    path: '/saved-articles',
    purpose: 'Saved articles (login required)',
    screen: {
      load: () =>
        import('../features/saved/saved-articles-screen.tsx').then((m) => m.SavedArticlesScreen),
    },
  },
  {
    path: '/search',
    purpose: 'Article search; query q, date, edition, page',
    screen: {
      load: () => import('../features/search/search-screen.tsx').then((m) => m.SearchScreen),
    },
  },
  {
    path: '/ad-viewer/:adId',
    purpose: 'Advertisement view; query imageFile, date, edition, pageNumber',
    screen: {
      load: () =>
        import('../features/ad-viewer/ad-viewer-screen.tsx').then((m) => m.AdViewerScreen),
    },
  },
  {
    path: '/faqs',
    purpose: 'FAQs',
    screen: { load: () => import('../features/faqs/faqs-screen.tsx').then((m) => m.FaqsScreen) },
  },
  {
    path: '/contact',
    purpose: 'Contact the editorial team',
    screen: {
      load: () => import('../features/contact/contact-screen.tsx').then((m) => m.ContactScreen),
    },
  },
  {
    path: '/legal-and-privacy-policy',
    purpose: 'Terms and privacy; query tab',
    screen: {
      load: () => import('../features/legal/legal-screen.tsx').then((m) => m.LegalScreen),
    },
  },
  // Ranked below every static path above, so /profile never reads as an edition.
  {
    path: '/:edition',
    purpose: 'Edition number path such as /2',
    screen: { Component: EditionPathScreen },
  },
] as const satisfies readonly AppRoute[];
