// Every route of the product (spec 1 §2 and spec 2 §2) in one typed table. Any
// other path falls through to `*`, which redirects to /. Each route's purpose is a
// comment, not a field: the table travels in the reader's first load, where words
// nothing reads would only weigh.
import type { ComponentType } from 'react';
import { EditionPathScreen } from '../features/reader/edition-path-screen.tsx';
import { ReaderScreen } from '../features/reader/reader-screen.tsx';

export type RouteScreen =
  | { Component: ComponentType }
  /** Code-split: loaded on first visit so the reader's bundle stays small. */
  | { load: () => Promise<ComponentType> };

export interface AppRoute {
  path: string;
  screen: RouteScreen;
}

export const ROUTE_TABLE = [
  {
    // E-paper reader; query date, edition, page
    path: '/',
    screen: { Component: ReaderScreen },
  },
  {
    // Article text; query date, edition_No, pageNumber, source
    path: '/article/:articleId',
    screen: {
      load: () => import('../features/article/article-screen.tsx').then((m) => m.ArticleScreen),
    },
  },
  {
    // Log in or create an account; query redirectUrl or redirect_url
    path: '/auth',
    screen: { load: () => import('../features/auth/login-screen.tsx').then((m) => m.LoginScreen) },
  },
  {
    // One-time code entry
    path: '/auth/verify_otp',
    screen: {
      load: () => import('../features/auth/verify-otp-screen.tsx').then((m) => m.VerifyOtpScreen),
    },
  },
  {
    // Welcome after verification
    path: '/auth/authenticate',
    screen: {
      load: () =>
        import('../features/auth/authenticate-screen.tsx').then((m) => m.AuthenticateScreen),
    },
  },
  {
    // Social sign-in return
    path: '/auth/callback/:provider',
    screen: {
      load: () =>
        import('../features/auth/social-callback-screen.tsx').then((m) => m.SocialCallbackScreen),
    },
  },
  {
    // Profile (login required)
    path: '/profile',
    screen: {
      load: () => import('../features/profile/profile-screen.tsx').then((m) => m.ProfileScreen),
    },
  },
  {
    // Plans; router state fromUpgrade; anchor #faqs
    path: '/subscribe',
    screen: {
      load: () =>
        import('../features/subscribe/subscribe-screen.tsx').then((m) => m.SubscribeScreen),
    },
  },
  {
    // Review and pay the selected plan
    path: '/review',
    screen: {
      load: () => import('../features/checkout/review-screen.tsx').then((m) => m.ReviewScreen),
    },
  },
  {
    // Payment success; query order
    path: '/payment-success',
    screen: {
      load: () =>
        import('../features/checkout/payment-success-screen.tsx').then(
          (m) => m.PaymentSuccessScreen,
        ),
    },
  },
  {
    // Payment failure; query reason
    path: '/payment-failure',
    screen: {
      load: () =>
        import('../features/checkout/payment-failure-screen.tsx').then(
          (m) => m.PaymentFailureScreen,
        ),
    },
  },
  {
    // Plan change scheduled
    path: '/downgrade-popup',
    screen: {
      load: () =>
        import('../features/checkout/downgrade-screen.tsx').then((m) => m.DowngradeScreen),
    },
  },
  {
    // Saved articles (login required)
    path: '/saved-articles',
    screen: {
      load: () =>
        import('../features/saved/saved-articles-screen.tsx').then((m) => m.SavedArticlesScreen),
    },
  },
  {
    // Article search; query q, date, edition, page
    path: '/search',
    screen: {
      load: () => import('../features/search/search-screen.tsx').then((m) => m.SearchScreen),
    },
  },
  {
    // Advertisement view; query imageFile, date, edition, pageNumber
    path: '/ad-viewer/:adId',
    screen: {
      load: () =>
        import('../features/ad-viewer/ad-viewer-screen.tsx').then((m) => m.AdViewerScreen),
    },
  },
  {
    // FAQs
    path: '/faqs',
    screen: { load: () => import('../features/faqs/faqs-screen.tsx').then((m) => m.FaqsScreen) },
  },
  {
    // Contact the editorial team
    path: '/contact',
    screen: {
      load: () => import('../features/contact/contact-screen.tsx').then((m) => m.ContactScreen),
    },
  },
  {
    // Terms and privacy; query tab
    path: '/legal-and-privacy-policy',
    screen: {
      load: () => import('../features/legal/legal-screen.tsx').then((m) => m.LegalScreen),
    },
  },
  {
    // The publisher's console (staff only; the server decides)
    path: '/desk',
    screen: { load: () => import('../features/desk/desk-screen.tsx').then((m) => m.DeskScreen) },
  },
  // Ranked below every static path above, so /profile never reads as an edition.
  {
    // Edition number path such as /2
    path: '/:edition',
    screen: { Component: EditionPathScreen },
  },
] as const satisfies readonly AppRoute[];
