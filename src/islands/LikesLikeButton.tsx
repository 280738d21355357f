import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MATCH_EVENT, type MatchEventDetail } from '@datekit/runtime/rules/match-modal';
import type { Profile } from '@datekit/runtime/schemas/api/user';
import { likeMember } from '@datekit/runtime/stores/likes';
import { errorText } from './errors.ts';
import { HeartIcon } from './icons.tsx';

/** Tells the match modal (and anyone else listening) that a like made a match. */
export function announceMatch(profileId: number): void {
  window.dispatchEvent(new CustomEvent<MatchEventDetail>(MATCH_EVENT, { detail: { profileId } }));
}

interface Props {
  profile: Profile;
  /** The visible text: "Like" or "Like back". */
  text: string;
  /** Whether a match opens the match modal; off where the screen itself shows the match. */
  announce?: boolean;
  onLiked?: (match: boolean) => void;
  testId?: string;
  /** The button's classes; a small primary button by default. */
  className?: string;
}

/**
 * Likes a member (POST /api/like.php). The likes store shows the like at once; a match opens the
 * match modal. A refusal (blocked, gone) shows the server's own sentence under the button.
 */
export function LikesLikeButton({
  profile,
  text,
  announce = true,
  onLiked,
  testId,
  className = 'btn btn-primary btn-sm',
}: Props) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function like() {
    setPending(true);
    setError(null);
    try {
      const { match } = await likeMember(profile.id);
      if (match && announce) announceMatch(profile.id);
      onLiked?.(match);
    } catch (failure) {
      setError(errorText(failure, t));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className={className}
        disabled={pending}
        aria-busy={pending}
        data-testid={testId}
        onClick={() => void like()}
      >
        <HeartIcon />
        <span>{text}</span>
        <span className="visually-hidden"> {profile.name}</span>
      </button>
      {error && (
        <p className="likes-card-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
