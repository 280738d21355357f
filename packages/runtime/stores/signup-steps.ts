import { atom, map, onMount, task, type MapStore } from 'nanostores';
import type { ApiAnswer } from '../api/contract.ts';
import type { ProfileUpdate } from '../schemas/api/profile.ts';
import type { SignupRequest } from '../schemas/api/signup.ts';
import type { MissingStep } from '../rules/profile-completeness.ts';
import {
  completeSignupSteps,
  nextStep,
  previousStep,
  profileUpdateFromSteps,
  toggleInterest as toggled,
  type PersonalChoiceField,
  type SignupStep,
} from '../rules/signup-steps.ts';
import { api, isBrowser } from './api.ts';
import type { SearchAnswer } from './search.ts';
import { createLoader, loadOnMount, type Loadable } from './loadable.ts';
import { postPhoto } from './photos.ts';
import { saveProfile } from './profile.ts';
import { loadUser, signup } from './user.ts';

export interface SignupFlowState {
  step: SignupStep;
  /** Step 0: the first message, sent with the signup as `signup_message`. */
  message: string;
  /** Step 1: the chosen photo, uploaded once the account exists. */
  photo: Blob | null;
  /** Step 2. */
  about: string;
  interests: number[];
  /** The member the first message is for (on `/members/{id}/signup`), and their name once known. */
  memberId: number | null;
  memberName: string | null;
  /** That member's profile once loaded: the message step shows to whom the message goes. */
  member: ApiAnswer<'GET /api/member-preview.php'>['profile'] | null;
  /** The address of the account this flow created; null before step 3 succeeded. */
  email: string | null;
  /** A request is on its way: the modal may not be dismissed, buttons wait. */
  pending: boolean;
  /** What failed after the account was created; shown on the next step, never blocking it. */
  photoError: unknown;
  profileError: unknown;
}

export interface SignupFlowOptions {
  /** The member of a member signup page, from the URL. */
  memberId?: number | null;
  /** Told when a request starts and ends (the signup modal's `setSignupPending`). */
  onPendingChange?: ((pending: boolean) => void) | undefined;
}

export interface SignupFlow {
  $flow: MapStore<SignupFlowState>;
  setMessage(message: string): void;
  setPhoto(photo: Blob | null): void;
  setAbout(about: string): void;
  toggleInterest(id: number): void;
  next(): void;
  back(): void;
  /** Leaves an optional step without its data. */
  skip(): void;
  /**
   * Step 3: creates the account with the first message, then stores the photo and the about-me and
   * personal choices. Throws only when the account could not be created (the form shows why).
   */
  createAccount(
    request: Omit<SignupRequest, 'signup_message'>,
    choices: Partial<Record<PersonalChoiceField, string>>,
  ): Promise<void>;
  /** Step 4: saves where the member lives, then shows the last step. Throws the server's refusal. */
  saveLocation(location: Pick<ProfileUpdate, 'country' | 'region' | 'city'>): Promise<void>;
}

/**
 * One signup flow (spec §4: steps 0–4, then "confirm your e-mail"). A factory rather than one shared
 * store: the signup page and the signup modal each run their own.
 */
export function createSignupFlow(options: SignupFlowOptions = {}): SignupFlow {
  // When the form was shown: the server's traffic-quality score counts a signup faster than a person
  // fills the steps in as a sign of automation (packages/server/features/postbacks/signup-quality.ts).
  const shownAt = Date.now();
  const $flow = map<SignupFlowState>({
    step: 'message',
    message: '',
    photo: null,
    about: '',
    interests: [],
    memberId: options.memberId ?? null,
    memberName: null,
    member: null,
    email: null,
    pending: false,
    photoError: null,
    profileError: null,
  });

  onMount($flow, () => {
    const id = $flow.get().memberId;
    if (!isBrowser() || id === null) return;
    // The name and picture make the first message personal ("Say hello to …", to whom it goes); a
    // visitor may see that much of a member, as in search. Without it the step still works.
    void api()
      .call('GET /api/member-preview.php', { query: { id } }, { retries: 0 })
      .then(({ profile }) => {
        $flow.setKey('memberName', profile.name);
        $flow.setKey('member', profile);
      })
      .catch(() => undefined);
  });

  function setPending(pending: boolean) {
    $flow.setKey('pending', pending);
    options.onPendingChange?.(pending);
  }

  function go(step: SignupStep) {
    $flow.setKey('step', step);
  }

  return {
    $flow,
    setMessage: (message) => $flow.setKey('message', message),
    setPhoto: (photo) => $flow.setKey('photo', photo),
    setAbout: (about) => $flow.setKey('about', about),
    toggleInterest: (id) => $flow.setKey('interests', toggled($flow.get().interests, id)),
    next: () => go(nextStep($flow.get().step)),
    back: () => {
      const previous = previousStep($flow.get().step);
      if (previous) go(previous);
    },
    skip: () => {
      const { step } = $flow.get();
      if (step === 'message') $flow.setKey('message', '');
      if (step === 'photo') $flow.setKey('photo', null);
      if (step === 'about') {
        $flow.setKey('about', '');
        $flow.setKey('interests', []);
      }
      if (step === 'personal' || step === 'confirm') return;
      go(nextStep(step));
    },

    createAccount: (request, choices) =>
      task(async () => {
        const state = $flow.get();
        if (state.pending || state.email) return;
        setPending(true);
        try {
          const message = state.message.trim();
          const formMs = Math.max(0, Math.round(Date.now() - shownAt));
          await signup({ ...request, ...(message ? { signup_message: message } : {}), form_ms: formMs });
        } catch (error) {
          setPending(false);
          throw error;
        }
        $flow.setKey('email', request.email);
        if (state.photo) {
          try {
            await postPhoto(state.photo);
            // The navigation shows the new main image.
            void loadUser().catch(() => undefined);
          } catch (error) {
            $flow.setKey('photoError', error);
          }
        }
        const update = profileUpdateFromSteps({ about: state.about, interests: state.interests, choices });
        if (update) {
          try {
            await saveProfile(update);
          } catch (error) {
            $flow.setKey('profileError', error);
          }
        }
        go('location');
        setPending(false);
      }),

    saveLocation: (location) =>
      task(async () => {
        if ($flow.get().pending) return;
        setPending(true);
        try {
          await saveProfile(location);
          go('confirm');
        } finally {
          setPending(false);
        }
      }),
  };
}

export type ActivationMailState =
  { status: 'idle' } | { status: 'sending' } | { status: 'sent' } | { status: 'failed'; error: unknown };

/** The "send it again" of the activation mail, shared by the last signup step and the reminder. */
export const $activationMail = atom<ActivationMailState>({ status: 'idle' });

/** POST /api/activation-mail.php; the server allows one every 2 minutes and 5 a day (its message says so). */
export function sendActivationMail(): Promise<void> {
  return task(async () => {
    if ($activationMail.get().status === 'sending') return;
    $activationMail.set({ status: 'sending' });
    try {
      await api().call('POST /api/activation-mail.php', {}, { retries: 0 });
      $activationMail.set({ status: 'sent' });
    } catch (error) {
      $activationMail.set({ status: 'failed', error });
    }
  });
}

export type SignupMatchesState = Loadable<SearchAnswer>;

/** /signup-matches: the first page of the member search with its defaults, right after signing up. */
export const $signupMatches = atom<SignupMatchesState>({ status: 'loading' });

loadOnMount(
  $signupMatches,
  createLoader($signupMatches, () => api().call('GET /api/members.php')),
);

export interface CompleteSignupState {
  /** The steps to walk, fixed when the page opened: completing one does not reshuffle the rest. */
  steps: MissingStep[];
  index: number;
  pending: boolean;
  error: unknown;
}

export interface CompleteSignup {
  $complete: MapStore<CompleteSignupState>;
  skip(): void;
  /** Uploads the step's photo, then moves on; a refusal stays on the step with the server's message. */
  savePhoto(photo: Blob): Promise<void>;
  /** Saves the step's profile fields, then moves on. */
  saveFields(update: ProfileUpdate): Promise<void>;
}

/** /complete-signup: the optional signup steps the member skipped (spec §4), one after another. */
export function createCompleteSignup(missing: readonly MissingStep[]): CompleteSignup {
  const $complete = map<CompleteSignupState>({
    steps: completeSignupSteps(missing),
    index: 0,
    pending: false,
    error: null,
  });

  const advance = () => {
    $complete.setKey('error', null);
    $complete.setKey('index', $complete.get().index + 1);
  };

  const run = (save: () => Promise<unknown>) =>
    task(async () => {
      if ($complete.get().pending) return;
      $complete.setKey('pending', true);
      $complete.setKey('error', null);
      try {
        await save();
        advance();
      } catch (error) {
        $complete.setKey('error', error);
      } finally {
        $complete.setKey('pending', false);
      }
    });

  return {
    $complete,
    skip: advance,
    savePhoto: (photo) =>
      run(async () => {
        await postPhoto(photo);
        void loadUser().catch(() => undefined);
      }),
    saveFields: (update) => run(() => saveProfile(update)),
  };
}
