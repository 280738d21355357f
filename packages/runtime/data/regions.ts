import type { CountryCode } from './countries.ts';
import type { Locale } from './locales.ts';

/**
 * A first-level subdivision of a country a brand may serve: what the profile's region and the
 * search filter's `countryregion` point at (spec §3, "regions").
 */
export interface Region {
  /** ISO 3166-2 code, e.g. `NL-NH`, `GB-SCT`, `FR-20R`. Stable: stored on profiles. */
  readonly id: string;
  readonly country: CountryCode;
  /** The name as people there write it, in the country's main language, e.g. `Noord-Holland`, `Bayern`. */
  readonly name: string;
  /**
   * The official name in the country's other languages, where it differs (Belgium, Luxembourg,
   * Switzerland, Finland), e.g. `{ fr: 'Genève', de: 'Genf', it: 'Ginevra' }`.
   */
  readonly names?: Readonly<Partial<Record<Locale, string>>>;
}

type Row = readonly [code: string, name: string, names?: Partial<Record<Locale, string>>];

/** Rows per country; the id is the ISO 3166-2 code, whose prefix is the country code for every country here. */
const ROWS: Record<CountryCode, readonly Row[]> = {
  // 12 provinces.
  NL: [
    ['NL-DR', 'Drenthe'],
    ['NL-FL', 'Flevoland'],
    ['NL-FR', 'Fryslân'],
    ['NL-GE', 'Gelderland'],
    ['NL-GR', 'Groningen'],
    ['NL-LI', 'Limburg'],
    ['NL-NB', 'Noord-Brabant'],
    ['NL-NH', 'Noord-Holland'],
    ['NL-OV', 'Overijssel'],
    ['NL-UT', 'Utrecht'],
    ['NL-ZE', 'Zeeland'],
    ['NL-ZH', 'Zuid-Holland'],
  ],
  // The 10 provinces (ISO second level, under the regions VLG and WAL) and the Brussels-Capital Region,
  // which has no province. Flemish provinces are named in Dutch, Walloon ones in French.
  BE: [
    ['BE-VAN', 'Antwerpen', { fr: 'Anvers' }],
    ['BE-VLI', 'Limburg', { fr: 'Limbourg' }],
    ['BE-VOV', 'Oost-Vlaanderen', { fr: 'Flandre-Orientale', de: 'Ostflandern' }],
    ['BE-VBR', 'Vlaams-Brabant', { fr: 'Brabant flamand', de: 'Flämisch-Brabant' }],
    ['BE-VWV', 'West-Vlaanderen', { fr: 'Flandre-Occidentale', de: 'Westflandern' }],
    ['BE-WBR', 'Brabant wallon', { nl: 'Waals-Brabant', de: 'Wallonisch-Brabant' }],
    ['BE-WHT', 'Hainaut', { nl: 'Henegouwen', de: 'Hennegau' }],
    ['BE-WLG', 'Liège', { nl: 'Luik', de: 'Lüttich' }],
    ['BE-WLX', 'Luxembourg', { nl: 'Luxemburg', de: 'Luxemburg' }],
    ['BE-WNA', 'Namur', { nl: 'Namen' }],
    [
      'BE-BRU',
      'Brussel / Bruxelles',
      { nl: 'Brussels Hoofdstedelijk Gewest', fr: 'Région de Bruxelles-Capitale', de: 'Region Brüssel-Hauptstadt' },
    ],
  ],
  // 12 cantons (ISO codes since 2015 are two letters).
  LU: [
    ['LU-CA', 'Capellen'],
    ['LU-CL', 'Clervaux', { de: 'Clerf' }],
    ['LU-DI', 'Diekirch'],
    ['LU-EC', 'Echternach'],
    ['LU-ES', 'Esch-sur-Alzette', { de: 'Esch an der Alzette' }],
    ['LU-GR', 'Grevenmacher'],
    ['LU-LU', 'Luxembourg', { de: 'Luxemburg' }],
    ['LU-ME', 'Mersch'],
    ['LU-RD', 'Redange', { de: 'Redingen' }],
    ['LU-RM', 'Remich'],
    ['LU-VD', 'Vianden'],
    ['LU-WI', 'Wiltz'],
  ],
  // 16 Länder.
  DE: [
    ['DE-BW', 'Baden-Württemberg'],
    ['DE-BY', 'Bayern'],
    ['DE-BE', 'Berlin'],
    ['DE-BB', 'Brandenburg'],
    ['DE-HB', 'Bremen'],
    ['DE-HH', 'Hamburg'],
    ['DE-HE', 'Hessen'],
    ['DE-MV', 'Mecklenburg-Vorpommern'],
    ['DE-NI', 'Niedersachsen'],
    ['DE-NW', 'Nordrhein-Westfalen'],
    ['DE-RP', 'Rheinland-Pfalz'],
    ['DE-SL', 'Saarland'],
    ['DE-SN', 'Sachsen'],
    ['DE-ST', 'Sachsen-Anhalt'],
    ['DE-SH', 'Schleswig-Holstein'],
    ['DE-TH', 'Thüringen'],
  ],
  // 9 Bundesländer (ISO uses digits).
  AT: [
    ['AT-1', 'Burgenland'],
    ['AT-2', 'Kärnten'],
    ['AT-3', 'Niederösterreich'],
    ['AT-4', 'Oberösterreich'],
    ['AT-5', 'Salzburg'],
    ['AT-6', 'Steiermark'],
    ['AT-7', 'Tirol'],
    ['AT-8', 'Vorarlberg'],
    ['AT-9', 'Wien'],
  ],
  // 26 cantons, each named in its own official language(s).
  CH: [
    ['CH-AG', 'Aargau', { fr: 'Argovie', it: 'Argovia' }],
    ['CH-AI', 'Appenzell Innerrhoden', { fr: 'Appenzell Rhodes-Intérieures', it: 'Appenzello Interno' }],
    ['CH-AR', 'Appenzell Ausserrhoden', { fr: 'Appenzell Rhodes-Extérieures', it: 'Appenzello Esterno' }],
    ['CH-BE', 'Bern', { fr: 'Berne', it: 'Berna' }],
    ['CH-BL', 'Basel-Landschaft', { fr: 'Bâle-Campagne', it: 'Basilea Campagna' }],
    ['CH-BS', 'Basel-Stadt', { fr: 'Bâle-Ville', it: 'Basilea Città' }],
    ['CH-FR', 'Fribourg', { de: 'Freiburg', it: 'Friburgo' }],
    ['CH-GE', 'Genève', { de: 'Genf', it: 'Ginevra' }],
    ['CH-GL', 'Glarus', { fr: 'Glaris', it: 'Glarona' }],
    ['CH-GR', 'Graubünden', { fr: 'Grisons', it: 'Grigioni' }],
    ['CH-JU', 'Jura', { it: 'Giura' }],
    ['CH-LU', 'Luzern', { fr: 'Lucerne', it: 'Lucerna' }],
    ['CH-NE', 'Neuchâtel', { de: 'Neuenburg' }],
    ['CH-NW', 'Nidwalden', { fr: 'Nidwald', it: 'Nidvaldo' }],
    ['CH-OW', 'Obwalden', { fr: 'Obwald', it: 'Obvaldo' }],
    ['CH-SG', 'St. Gallen', { fr: 'Saint-Gall', it: 'San Gallo' }],
    ['CH-SH', 'Schaffhausen', { fr: 'Schaffhouse', it: 'Sciaffusa' }],
    ['CH-SO', 'Solothurn', { fr: 'Soleure', it: 'Soletta' }],
    ['CH-SZ', 'Schwyz', { fr: 'Schwytz', it: 'Svitto' }],
    ['CH-TG', 'Thurgau', { fr: 'Thurgovie', it: 'Turgovia' }],
    ['CH-TI', 'Ticino', { de: 'Tessin', fr: 'Tessin' }],
    ['CH-UR', 'Uri'],
    ['CH-VD', 'Vaud', { de: 'Waadt' }],
    ['CH-VS', 'Valais', { de: 'Wallis', it: 'Vallese' }],
    ['CH-ZG', 'Zug', { fr: 'Zoug', it: 'Zugo' }],
    ['CH-ZH', 'Zürich', { fr: 'Zurich', it: 'Zurigo' }],
  ],
  // 5 regions.
  DK: [
    ['DK-84', 'Region Hovedstaden'],
    ['DK-85', 'Region Sjælland'],
    ['DK-83', 'Region Syddanmark'],
    ['DK-82', 'Region Midtjylland'],
    ['DK-81', 'Region Nordjylland'],
  ],
  // 15 fylker since 1 January 2024 (Viken, Vestfold og Telemark and Troms og Finnmark were split again).
  NO: [
    ['NO-03', 'Oslo'],
    ['NO-11', 'Rogaland'],
    ['NO-15', 'Møre og Romsdal'],
    ['NO-18', 'Nordland'],
    ['NO-31', 'Østfold'],
    ['NO-32', 'Akershus'],
    ['NO-33', 'Buskerud'],
    ['NO-34', 'Innlandet'],
    ['NO-39', 'Vestfold'],
    ['NO-40', 'Telemark'],
    ['NO-42', 'Agder'],
    ['NO-46', 'Vestland'],
    ['NO-50', 'Trøndelag'],
    ['NO-55', 'Troms'],
    ['NO-56', 'Finnmark'],
  ],
  // 21 län.
  SE: [
    ['SE-AB', 'Stockholms län'],
    ['SE-AC', 'Västerbottens län'],
    ['SE-BD', 'Norrbottens län'],
    ['SE-C', 'Uppsala län'],
    ['SE-D', 'Södermanlands län'],
    ['SE-E', 'Östergötlands län'],
    ['SE-F', 'Jönköpings län'],
    ['SE-G', 'Kronobergs län'],
    ['SE-H', 'Kalmar län'],
    ['SE-I', 'Gotlands län'],
    ['SE-K', 'Blekinge län'],
    ['SE-M', 'Skåne län'],
    ['SE-N', 'Hallands län'],
    ['SE-O', 'Västra Götalands län'],
    ['SE-S', 'Värmlands län'],
    ['SE-T', 'Örebro län'],
    ['SE-U', 'Västmanlands län'],
    ['SE-W', 'Dalarnas län'],
    ['SE-X', 'Gävleborgs län'],
    ['SE-Y', 'Västernorrlands län'],
    ['SE-Z', 'Jämtlands län'],
  ],
  // 19 maakunnat / landskap, Finnish name first; Åland is officially Swedish-speaking only.
  FI: [
    ['FI-01', 'Åland', { fi: 'Ahvenanmaa' }],
    ['FI-02', 'Etelä-Karjala', { sv: 'Södra Karelen' }],
    ['FI-03', 'Etelä-Pohjanmaa', { sv: 'Södra Österbotten' }],
    ['FI-04', 'Etelä-Savo', { sv: 'Södra Savolax' }],
    ['FI-05', 'Kainuu', { sv: 'Kajanaland' }],
    ['FI-06', 'Kanta-Häme', { sv: 'Egentliga Tavastland' }],
    ['FI-07', 'Keski-Pohjanmaa', { sv: 'Mellersta Österbotten' }],
    ['FI-08', 'Keski-Suomi', { sv: 'Mellersta Finland' }],
    ['FI-09', 'Kymenlaakso', { sv: 'Kymmenedalen' }],
    ['FI-10', 'Lappi', { sv: 'Lappland' }],
    ['FI-11', 'Pirkanmaa', { sv: 'Birkaland' }],
    ['FI-12', 'Pohjanmaa', { sv: 'Österbotten' }],
    ['FI-13', 'Pohjois-Karjala', { sv: 'Norra Karelen' }],
    ['FI-14', 'Pohjois-Pohjanmaa', { sv: 'Norra Österbotten' }],
    ['FI-15', 'Pohjois-Savo', { sv: 'Norra Savolax' }],
    ['FI-16', 'Päijät-Häme', { sv: 'Päijänne-Tavastland' }],
    ['FI-17', 'Satakunta'],
    ['FI-18', 'Uusimaa', { sv: 'Nyland' }],
    ['FI-19', 'Varsinais-Suomi', { sv: 'Egentliga Finland' }],
  ],
  // 16 województwa (ISO numeric codes since 2018).
  PL: [
    ['PL-02', 'Dolnośląskie'],
    ['PL-04', 'Kujawsko-pomorskie'],
    ['PL-06', 'Lubelskie'],
    ['PL-08', 'Lubuskie'],
    ['PL-10', 'Łódzkie'],
    ['PL-12', 'Małopolskie'],
    ['PL-14', 'Mazowieckie'],
    ['PL-16', 'Opolskie'],
    ['PL-18', 'Podkarpackie'],
    ['PL-20', 'Podlaskie'],
    ['PL-22', 'Pomorskie'],
    ['PL-24', 'Śląskie'],
    ['PL-26', 'Świętokrzyskie'],
    ['PL-28', 'Warmińsko-mazurskie'],
    ['PL-30', 'Wielkopolskie'],
    ['PL-32', 'Zachodniopomorskie'],
  ],
  // 13 metropolitan regions (Corsica is a collectivity with special status, ISO FR-20R).
  FR: [
    ['FR-ARA', 'Auvergne-Rhône-Alpes'],
    ['FR-BFC', 'Bourgogne-Franche-Comté'],
    ['FR-BRE', 'Bretagne'],
    ['FR-CVL', 'Centre-Val de Loire'],
    ['FR-20R', 'Corse'],
    ['FR-GES', 'Grand Est'],
    ['FR-HDF', 'Hauts-de-France'],
    ['FR-IDF', 'Île-de-France'],
    ['FR-NOR', 'Normandie'],
    ['FR-NAQ', 'Nouvelle-Aquitaine'],
    ['FR-OCC', 'Occitanie'],
    ['FR-PDL', 'Pays de la Loire'],
    ['FR-PAC', "Provence-Alpes-Côte d'Azur"],
  ],
  // 20 regioni.
  IT: [
    ['IT-65', 'Abruzzo'],
    ['IT-77', 'Basilicata'],
    ['IT-78', 'Calabria'],
    ['IT-72', 'Campania'],
    ['IT-45', 'Emilia-Romagna'],
    ['IT-36', 'Friuli Venezia Giulia'],
    ['IT-62', 'Lazio'],
    ['IT-42', 'Liguria'],
    ['IT-25', 'Lombardia'],
    ['IT-57', 'Marche'],
    ['IT-67', 'Molise'],
    ['IT-21', 'Piemonte'],
    ['IT-75', 'Puglia'],
    ['IT-88', 'Sardegna'],
    ['IT-82', 'Sicilia'],
    ['IT-52', 'Toscana'],
    ['IT-32', 'Trentino-Alto Adige', { de: 'Trentino-Südtirol' }],
    ['IT-55', 'Umbria'],
    ['IT-23', "Valle d'Aosta", { fr: "Vallée d'Aoste" }],
    ['IT-34', 'Veneto'],
  ],
  // 17 comunidades autónomas and the autonomous cities Ceuta and Melilla, in Spanish.
  ES: [
    ['ES-AN', 'Andalucía'],
    ['ES-AR', 'Aragón'],
    ['ES-AS', 'Asturias'],
    ['ES-IB', 'Illes Balears'],
    ['ES-CN', 'Canarias'],
    ['ES-CB', 'Cantabria'],
    ['ES-CL', 'Castilla y León'],
    ['ES-CM', 'Castilla-La Mancha'],
    ['ES-CT', 'Cataluña'],
    ['ES-VC', 'Comunitat Valenciana'],
    ['ES-EX', 'Extremadura'],
    ['ES-GA', 'Galicia'],
    ['ES-MD', 'Comunidad de Madrid'],
    ['ES-MC', 'Región de Murcia'],
    ['ES-NC', 'Navarra'],
    ['ES-PV', 'País Vasco'],
    ['ES-RI', 'La Rioja'],
    ['ES-CE', 'Ceuta'],
    ['ES-ML', 'Melilla'],
  ],
  // The 4 provinces (ISO spells the western one "Connaught"; Connacht is the usual modern spelling).
  IE: [
    ['IE-C', 'Connacht'],
    ['IE-L', 'Leinster'],
    ['IE-M', 'Munster'],
    ['IE-U', 'Ulster'],
  ],
  // The four nations (ISO 3166-2:GB uses GB-, never UK-).
  GB: [
    ['GB-ENG', 'England'],
    ['GB-NIR', 'Northern Ireland'],
    ['GB-SCT', 'Scotland'],
    ['GB-WLS', 'Wales'],
  ],
  // 50 states and the District of Columbia.
  US: [
    ['US-AL', 'Alabama'],
    ['US-AK', 'Alaska'],
    ['US-AZ', 'Arizona'],
    ['US-AR', 'Arkansas'],
    ['US-CA', 'California'],
    ['US-CO', 'Colorado'],
    ['US-CT', 'Connecticut'],
    ['US-DE', 'Delaware'],
    ['US-DC', 'District of Columbia'],
    ['US-FL', 'Florida'],
    ['US-GA', 'Georgia'],
    ['US-HI', 'Hawaii'],
    ['US-ID', 'Idaho'],
    ['US-IL', 'Illinois'],
    ['US-IN', 'Indiana'],
    ['US-IA', 'Iowa'],
    ['US-KS', 'Kansas'],
    ['US-KY', 'Kentucky'],
    ['US-LA', 'Louisiana'],
    ['US-ME', 'Maine'],
    ['US-MD', 'Maryland'],
    ['US-MA', 'Massachusetts'],
    ['US-MI', 'Michigan'],
    ['US-MN', 'Minnesota'],
    ['US-MS', 'Mississippi'],
    ['US-MO', 'Missouri'],
    ['US-MT', 'Montana'],
    ['US-NE', 'Nebraska'],
    ['US-NV', 'Nevada'],
    ['US-NH', 'New Hampshire'],
    ['US-NJ', 'New Jersey'],
    ['US-NM', 'New Mexico'],
    ['US-NY', 'New York'],
    ['US-NC', 'North Carolina'],
    ['US-ND', 'North Dakota'],
    ['US-OH', 'Ohio'],
    ['US-OK', 'Oklahoma'],
    ['US-OR', 'Oregon'],
    ['US-PA', 'Pennsylvania'],
    ['US-RI', 'Rhode Island'],
    ['US-SC', 'South Carolina'],
    ['US-SD', 'South Dakota'],
    ['US-TN', 'Tennessee'],
    ['US-TX', 'Texas'],
    ['US-UT', 'Utah'],
    ['US-VT', 'Vermont'],
    ['US-VA', 'Virginia'],
    ['US-WA', 'Washington'],
    ['US-WV', 'West Virginia'],
    ['US-WI', 'Wisconsin'],
    ['US-WY', 'Wyoming'],
  ],
};

/** Every region of every country, grouped by country in the order of `COUNTRIES`. */
export const REGIONS: readonly Region[] = Object.freeze(
  (Object.entries(ROWS) as [CountryCode, readonly Row[]][]).flatMap(([country, rows]) =>
    rows.map(([id, name, names]): Region => (names ? { id, country, name, names } : { id, country, name })),
  ),
);

const BY_ID = new Map(REGIONS.map((r) => [r.id, r]));
const BY_COUNTRY = new Map<string, readonly Region[]>(
  (Object.keys(ROWS) as CountryCode[]).map((c) => [c, REGIONS.filter((r) => r.country === c)]),
);

/** The regions of one country code (case-insensitive); empty for a country datekit does not know. */
export function regionsOf(country: string): readonly Region[] {
  return BY_COUNTRY.get(country.toUpperCase()) ?? [];
}

/** The region with this ISO 3166-2 code (case-insensitive), or undefined. */
export function findRegion(id: string): Region | undefined {
  return BY_ID.get(id.toUpperCase());
}

/** The region's name in `locale` when the country has an official name in that language, else its main name. */
export function regionName(region: Region, locale: Locale): string {
  return region.names?.[locale] ?? region.name;
}
