/**
 * Spec §2: "A US footer shows for English only." The US compliance block (age of persons depicted,
 * 18 U.S.C. § 2257) is addressed to American visitors, who read the site in English.
 */
export function showsUsFooter(lang: string): boolean {
  return lang === 'en';
}
