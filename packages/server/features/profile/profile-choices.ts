/** The profile's answers from the brand's choice lists (the spec's profile form), as the member gave them. */
type ChoiceField =
  'sexuality' | 'relationship_status' | 'hair_colour' | 'eye_colour' | 'body_type' | 'tattoos' | 'signup_reason';

/** The choice answers of a profile row, for the own-profile answer and the data export alike. */
export function profileChoices<P extends Record<ChoiceField, unknown>>(profile: P): Pick<P, ChoiceField> {
  const { sexuality, relationship_status, hair_colour, eye_colour, body_type, tattoos, signup_reason } = profile;
  return { sexuality, relationship_status, hair_colour, eye_colour, body_type, tattoos, signup_reason };
}
