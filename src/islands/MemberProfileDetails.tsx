import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName } from '@datekit/runtime/rules/legal';
import { $interests, $regions, loadRegions, regionName } from '@datekit/runtime/stores/catalog';
import { profileSections, type Fact, type MemberProfile, type ProfileField } from '@datekit/runtime/stores/member';
import { InterestIcon } from './InterestIcon.tsx';

interface Props {
  profile: MemberProfile;
  /** The brand's `visible_profile_fields`, in its order. */
  fields: readonly ProfileField[];
}

/**
 * The profile fields the brand shows, in its order: short facts as one list, the member's own words,
 * and their interests with their icons (names from the server, in the visitor's language).
 */
export default function MemberProfileDetails({ profile, fields }: Props) {
  const { t, i18n } = useTranslation();
  const sections = useMemo(() => profileSections(profile, fields), [profile, fields]);
  const regions = useStore($regions);
  const showsRegion = sections.some((s) => s.kind === 'facts' && s.facts.some((fact) => fact.field === 'region'));

  useEffect(() => {
    if (showsRegion) void loadRegions(profile.country);
  }, [showsRegion, profile.country]);

  function factValue({ field, value }: Fact): string {
    const text = String(value);
    switch (field) {
      case 'age':
      case 'city':
        return text;
      case 'country':
        // Only here: a phone's first Intl.DisplayNames costs tens of milliseconds, and most brands
        // do not show the country.
        return countryName(text, i18n.language);
      case 'region': {
        const state = regions[profile.country];
        const region = state?.status === 'ready' ? state.data.find((r) => r.id === text) : undefined;
        return region ? regionName(region, i18n.language) : text;
      }
      default:
        // A choice (`single`, `athletic`): its label, shared with the profile editor.
        return t(`choice.${field}.${text}`, { defaultValue: text });
    }
  }

  if (!sections.length) return null;
  return (
    <div className="member-details" data-testid="member-details">
      {sections.map((section, i) => {
        if (section.kind === 'facts') {
          return (
            <dl key={i} className="member-facts">
              {section.facts.map((fact) => (
                <div key={fact.field} className="member-fact">
                  <dt>{t(`member.field.${fact.field}`)}</dt>
                  <dd>{factValue(fact)}</dd>
                </div>
              ))}
            </dl>
          );
        }
        if (section.kind === 'about') {
          return (
            <section key={i} className="member-about" aria-labelledby="member-about-title">
              <h2 id="member-about-title">{t('member.about', { name: profile.name })}</h2>
              <p>{section.text}</p>
            </section>
          );
        }
        return <MemberInterests key={i} ids={section.ids} />;
      })}
    </div>
  );
}

/** The member's interests with their names: only a profile that lists them mounts (and so loads) the catalogue. */
function MemberInterests({ ids }: { ids: readonly number[] }) {
  const { t } = useTranslation();
  const interests = useStore($interests);
  const catalogue = interests.status === 'ready' ? interests.data : [];
  const listed = ids.flatMap((id) => catalogue.filter((interest) => interest.id === id));
  if (!listed.length) return null;
  return (
    <section className="member-interests" aria-labelledby="member-interests-title">
      <h2 id="member-interests-title">{t('member.field.interests')}</h2>
      <ul>
        {listed.map((interest) => (
          <li key={interest.id}>
            <InterestIcon id={interest.id} /> {interest.name}
          </li>
        ))}
      </ul>
    </section>
  );
}
