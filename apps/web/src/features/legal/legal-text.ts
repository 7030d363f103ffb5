// The text of the legal page (spec 2 §2 "Legal page": static text, last updated
// December 26, 2024; prices in INR including taxes, auto-renewal, refunds per
// policy). The spec gives no wording beyond those points, so this is Folio's own
// account of how the e-paper works, kept in this one file for the publisher's
// lawyers to replace. Each paragraph is plain text; the brand fills in its name
// and support address.
import type { Brand } from '@folio/core';

export const LEGAL_LAST_UPDATED = 'December 26, 2024';

export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
}

export interface LegalDocument {
  title: string;
  intro: string;
  sections: readonly LegalSection[];
}

export function termsAndConditions(brand: Brand): LegalDocument {
  const paper = brand.name;
  const { email } = brand.support;
  return {
    title: 'Terms & Conditions',
    intro: `These terms govern your use of the ${paper} e-paper: the website on which you read the daily print editions of ${paper} page by page, open their articles and subscribe to paid plans. By using the e-paper you agree to them. If you do not agree, please do not use the e-paper.`,
    sections: [
      {
        heading: 'Your account',
        paragraphs: [
          'You sign in with a six-digit one-time code sent to your mobile number or e-mail address, or with your Google account. Keep access to that number, address or account to yourself: whatever is done after signing in with it is treated as done by you.',
          'The details you give us (your name, mobile number, e-mail address and preferred edition) must be your own and correct. You can change them at any time under My Profile.',
        ],
      },
      {
        heading: 'What you can read',
        paragraphs: [
          "Visitors and signed-in readers without a plan may read the front page of today's free edition. Every other page, every other city edition and past dates are for subscribers.",
          'A subscription opens every page and edition of the days its plan covers. How far back into the archive you can read depends on your plan and is shown with the plan before you buy it. Archives start in June 2020.',
        ],
      },
      {
        heading: 'Plans and prices',
        paragraphs: [
          'Plans, their prices and what each includes are listed on the Subscribe page. Prices in Indian Rupees (INR) include all applicable taxes; plans offered in US Dollars (USD) are charged in that currency. The price you pay is the one shown on the Review & Pay page when you confirm the purchase.',
          'Payments are taken by our card payment provider. We never see or store your full card number.',
        ],
      },
      {
        heading: 'Auto-renewal and cancellation',
        paragraphs: [
          'Recurring plans renew automatically at the end of each term and are charged at the plan price then in force, until you cancel. We remind you before a renewal charge is made.',
          'You can stop auto-renewal at any time under My Profile, Subscriptions, Cancel Renewal. Your subscription then stays active until the end of the term you have paid for and is not renewed.',
        ],
      },
      {
        heading: 'Changing your plan and refunds',
        paragraphs: [
          'An upgrade starts at once. The unused part of your current plan is refunded to the original payment method, usually within 10-15 business days.',
          'A downgrade starts the day after your current plan ends; nothing is charged or refunded until then.',
          `Apart from upgrades, payments are not refunded for a term that has started, except where the law requires it or where a payment was taken in error. Write to us at ${email} about any payment you believe is wrong, and we will look into it and refund what is due.`,
        ],
      },
      {
        heading: 'Using the content',
        paragraphs: [
          `All pages, articles, photographs and advertisements in the e-paper belong to the publisher of ${paper} or to their owners and are protected by copyright. They are for your personal, non-commercial reading only.`,
          'You may save articles, share links to them and download an article as an image carrying the date and a watermark, for your own use. You may not copy, print, republish, sell or distribute the e-paper or any part of it, share your account with others, or collect its content by automated means.',
        ],
      },
      {
        heading: 'Availability',
        paragraphs: [
          'We work to publish each edition on time and to keep the e-paper available, but an edition may be late or missing (for example on a holiday when the paper is not printed), and the service may be interrupted for maintenance or reasons outside our control. A missing edition does not extend or shorten your plan.',
        ],
      },
      {
        heading: 'Suspension',
        paragraphs: [
          'We may suspend or close an account that breaks these terms, for example by sharing access or copying content. If we close your account without fault on your part, we refund the unused part of your plan.',
        ],
      },
      {
        heading: 'Liability',
        paragraphs: [
          `The e-paper reproduces the print edition of ${paper}. We take care over what we publish, but we are not liable for decisions you make on the basis of news or advertisements. Our liability to you for any claim about the e-paper is limited to the amount you paid for your current plan, except where the law does not allow such a limit.`,
        ],
      },
      {
        heading: 'Changes to these terms',
        paragraphs: [
          'We may update these terms. The date at the top of this page shows when they last changed; changes that affect a plan you have already paid for apply from its next renewal.',
        ],
      },
      {
        heading: 'Law and contact',
        paragraphs: [
          'These terms are governed by the laws of India, and the courts of Bengaluru, Karnataka have jurisdiction over any dispute about them.',
          `Questions about these terms: ${email}.`,
        ],
      },
    ],
  };
}

export function privacyPolicy(brand: Brand): LegalDocument {
  const paper = brand.name;
  const { email } = brand.support;
  return {
    title: 'Privacy Policy',
    intro: `This policy explains what the ${paper} e-paper knows about you, why, and what you can do about it.`,
    sections: [
      {
        heading: 'What we collect',
        paragraphs: [
          'Your account: your mobile number or e-mail address (whichever you sign in with), your name if you give it, your preferred edition, and whether you agreed to receive marketing communications and newsletters.',
          'Your subscription: the plan you bought, its dates, the amounts paid and refunded, and the payment provider’s reference for each payment. Card details go to the payment provider and never reach us.',
          'Your reading: the articles you save, and a record that you are signed in. If you write to us through the contact form, your name, e-mail address and message.',
        ],
      },
      {
        heading: 'Why we use it',
        paragraphs: [
          'To sign you in, to decide which pages, editions and dates your plan opens, to take payments and renewals, to send you renewal reminders and the one-time codes you ask for, and to answer your messages.',
          'With your consent only, to send you marketing communications and newsletters. You can withdraw consent at any time by writing to us.',
        ],
      },
      {
        heading: 'Cookies and storage in your browser',
        paragraphs: [
          'We use a session cookie that keeps you signed in, and a second cookie that only tells the page whether you are signed in. The reader remembers your place in the paper and your selected plan in your browser’s storage for the length of your visit.',
          'Where we measure how the e-paper is used, we do so through a tag manager that records events such as opening an article or turning a page; it is not used to show you advertising.',
        ],
      },
      {
        heading: 'Who we share it with',
        paragraphs: [
          'Our payment provider, to take payments and refunds; the SMS and e-mail services that deliver your one-time codes and reminders; and Google, if you choose to sign in with it. Each may use your details only to provide that service to us.',
          'We do not sell your personal data. We disclose it to authorities only where the law requires.',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          'Your account details and saved articles for as long as your account exists. Payment and subscription records for as long as tax and accounting law requires. One-time codes expire within minutes and are kept only as long as needed to check them.',
        ],
      },
      {
        heading: 'Security',
        paragraphs: [
          'Pages are served over encrypted connections, one-time codes are stored only in a form that cannot be read back, and access to your data inside the publisher is limited to the people who need it to run the e-paper.',
        ],
      },
      {
        heading: 'Your choices and rights',
        paragraphs: [
          'You can see and correct your name, mobile number, e-mail address and preferred edition under My Profile. You may ask us for a copy of your data, for its correction or for the deletion of your account, subject to the records the law requires us to keep.',
        ],
      },
      {
        heading: 'Changes and contact',
        paragraphs: [
          'We may update this policy; the date at the top of this page shows when it last changed.',
          `Questions or requests about your data: ${email}.`,
        ],
      },
    ],
  };
}
