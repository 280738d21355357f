/** The two screens the member-experience tests run on: a 390×844 phone and a desktop. */
export const VIEWPORTS = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const;
