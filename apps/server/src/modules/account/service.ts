// The signed-in reader's account (spec 1 §3 "Auth profile response", §4 "Profile
// edits", §5; spec 2 §3 "Metadata update"): what /api/auth/me shows, the name,
// marketing consent, and changing the phone number or e-mail through a code sent
// to the new value.
import { AUTH_MESSAGES, type BrandCode, type MeResponse, type MetadataRequest } from '@folio/core';
import { BadRequestError } from '../../errors.ts';
import type { ContactChange, ContactChanges } from '../auth/index.ts';
import type { IssuedCode, OtpService, VerifiedChallenge } from '../auth/index.ts';
import type { Viewer } from '../auth/index.ts';
import { isUniqueViolation, type UserDirectory } from '../auth/index.ts';
import type { ProfileRepo } from './profile-repo.ts';

export class AccountService implements ContactChanges {
  constructor(
    private readonly users: UserDirectory,
    private readonly profiles: ProfileRepo,
    private readonly otp: OtpService,
    private readonly brand: BrandCode,
  ) {}

  async me(viewer: Viewer): Promise<MeResponse> {
    const { reader } = viewer;
    const marketing = await this.profiles.findMarketing(reader.id);
    return {
      userData: {
        emails: reader.email ? [reader.email] : [],
        phoneNumbers: reader.phoneNumber ? [reader.phoneNumber] : [],
      },
      metadata: {
        first_name: reader.name || null,
        ...(marketing && { receiveMarketingAndPromitionalEmail: marketing.receiveMarketing }),
        ...(marketing &&
          marketing.dhTopNews !== null && {
            dh: {
              dhNewsLetterTopNewsOfTheDay: marketing.dhTopNews,
              newsLetter: { email: marketing.newsletterEmail },
            },
          }),
      },
      loginMethod: viewer.loginMethod,
      isNewUser: viewer.isNewUser,
    };
  }

  async rename(viewer: Viewer, name: string): Promise<string> {
    return (await this.users.rename(viewer.reader.id, name)).name;
  }

  /**
   * Marketing consent after sign-up. The "Top News of the Day" newsletter is the
   * English daily's and goes only to the account's own, verified address, so
   * nobody can subscribe someone else.
   */
  async saveMetadata(viewer: Viewer, metadata: MetadataRequest): Promise<void> {
    const { dh } = metadata;
    const email = viewer.reader.email;
    if (dh && this.brand !== 'dh') throw new BadRequestError(AUTH_MESSAGES.newsletterOtherBrand);
    const requested = dh?.newsLetter.email?.toLowerCase() ?? null;
    if (dh && (dh.dhNewsLetterTopNewsOfTheDay || requested) && !email) {
      throw new BadRequestError(AUTH_MESSAGES.newsletterNeedsEmail);
    }
    if (requested && requested !== email)
      throw new BadRequestError(AUTH_MESSAGES.newsletterEmailMismatch);
    await this.profiles.saveMarketing(viewer.reader.id, {
      receiveMarketing: metadata.receiveMarketingAndPromitionalEmail,
      dhTopNews: dh ? dh.dhNewsLetterTopNewsOfTheDay : null,
      newsletterEmail: dh?.dhNewsLetterTopNewsOfTheDay ? email : null,
    });
  }

  /**
   * Sends a code to the new phone number or e-mail. The same value as now, or one
   * another account has, is refused with the spec's words (spec 1 §5), but only
   * after the send is counted against the destination, the client address and the
   * account: asking "does X have an account?" costs a send slot like a real change.
   */
  async requestContactChange(
    viewer: Viewer,
    change: ContactChange,
    ip: string,
  ): Promise<IssuedCode> {
    const { reader } = viewer;
    if (change.channel === 'sms') {
      const { phoneNumber } = change;
      return this.otp.issue({
        purpose: 'change_phone',
        channel: 'sms',
        destination: phoneNumber,
        userId: reader.id,
        ip,
        beforeSend: async () => {
          const taken =
            reader.phoneNumber === phoneNumber || (await this.users.findByPhone(phoneNumber));
          if (taken) throw new BadRequestError(AUTH_MESSAGES.samePhone);
        },
      });
    }
    // A Google sign-in vouches for the e-mail; the profile does not let it be edited (spec 1 §2, §6).
    if (viewer.loginMethod !== 'regular')
      throw new BadRequestError(AUTH_MESSAGES.thirdPartyEmailLocked);
    const email = change.email.toLowerCase();
    return this.otp.issue({
      purpose: 'change_email',
      channel: 'email',
      destination: email,
      userId: reader.id,
      ip,
      beforeSend: async () => {
        const taken = reader.email === email || (await this.users.findByEmail(email));
        if (taken) throw new BadRequestError(AUTH_MESSAGES.sameEmail);
      },
    });
  }

  /** Applies a change whose code was just verified; another account may have taken the value meanwhile. */
  async applyContactChange(
    userId: string,
    challenge: VerifiedChallenge,
  ): Promise<'phone' | 'email'> {
    const isPhone = challenge.purpose === 'change_phone';
    try {
      if (isPhone) await this.users.setPhone(userId, challenge.destination);
      else await this.users.setEmail(userId, challenge.destination);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new BadRequestError(isPhone ? AUTH_MESSAGES.samePhone : AUTH_MESSAGES.sameEmail);
      throw error;
    }
    return isPhone ? 'phone' : 'email';
  }
}
