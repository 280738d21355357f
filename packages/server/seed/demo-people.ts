/**
 * Ingredients for fictional demo members. Every seeded profile is flagged fictional and shown with
 * the brand's fictional icon: they are illustrations of what a member looks like, not people.
 */
export const FIRST_NAMES = {
  female: [
    'Sanne',
    'Lotte',
    'Fleur',
    'Iris',
    'Noor',
    'Eva',
    'Lieke',
    'Femke',
    'Anouk',
    'Marloes',
    'Ilse',
    'Roos',
    'Elise',
    'Charlotte',
    'Manon',
    'Julie',
    'Margot',
    'Esther',
    'Ingrid',
    'Hanneke',
  ],
  male: [
    'Daan',
    'Sem',
    'Bram',
    'Thijs',
    'Jesse',
    'Ruben',
    'Lars',
    'Joris',
    'Wouter',
    'Pieter',
    'Maarten',
    'Niels',
    'Koen',
    'Arnaud',
    'Tom',
    'Jeroen',
    'Bas',
    'Stijn',
    'Mathis',
    'Hugo',
  ],
} as const;

export const ABOUT_LINES = [
  'Loves long walks by the water and even longer conversations.',
  'Coffee first, then adventures. Looking for someone who laughs easily.',
  'Weekend cook, weekday cyclist, always up for a spontaneous trip.',
  'Music, good food and honest people. Let us see where it goes.',
  'New in town and curious to meet someone who shows me around.',
];
