// Word lists for demo and benchmark data: an Ontario community pharmacy's patients. Phone
// numbers use the 555-01xx range reserved for fiction; emails use example.* domains.

export const FIRST_NAMES = [
  'Liam',
  'Olivia',
  'Noah',
  'Emma',
  'Aarav',
  'Priya',
  'Wei',
  'Mei',
  'Mohammed',
  'Fatima',
  'Jean-Luc',
  'Amélie',
  'Connor',
  'Siobhan',
  'Kwame',
  'Ama',
  'Diego',
  'Sofia',
  'Hiroshi',
  'Yuki',
  'Tyler',
  'Ashley',
  'Raj',
  'Anjali',
  'Daniel',
  'Grace',
  'Ethan',
  'Chloe',
  'Lucas',
  'Zoe',
  'Marc',
  'Isabelle',
  'Omar',
  'Layla',
  'Mateo',
  'Ava',
  'Jin',
  'Hana',
  'Samuel',
  'Nadia',
];

export const LAST_NAMES = [
  'Smith',
  'Tremblay',
  'Patel',
  'Nguyen',
  'Wong',
  'Singh',
  'Brown',
  'Martin',
  'Roy',
  'Campbell',
  'MacDonald',
  'Li',
  'Chen',
  'Kim',
  'Ahmed',
  'Khan',
  "O'Brien",
  'Gagnon',
  'Wilson',
  'Thompson',
  'Fernandes',
  'Santos',
  'Okafor',
  'Mensah',
  'Kowalski',
  'Novak',
  'Rossi',
  'Ricci',
  'Haddad',
  'Cohen',
];

export interface City {
  name: string;
  areaCode: string;
  /** Forward sortation areas (first three characters of the postal code). */
  fsas: string[];
}

export const CITIES: City[] = [
  { name: 'Toronto', areaCode: '416', fsas: ['M5V', 'M4C', 'M6P', 'M3H', 'M4Y', 'M6J'] },
  { name: 'Scarborough', areaCode: '416', fsas: ['M1P', 'M1B', 'M1K'] },
  { name: 'Mississauga', areaCode: '905', fsas: ['L5B', 'L4Z', 'L5M'] },
  { name: 'Brampton', areaCode: '905', fsas: ['L6T', 'L6Y'] },
  { name: 'Hamilton', areaCode: '905', fsas: ['L8P', 'L9A'] },
  { name: 'Markham', areaCode: '905', fsas: ['L3R', 'L6C'] },
  { name: 'Oakville', areaCode: '905', fsas: ['L6J', 'L6H'] },
  { name: 'Ottawa', areaCode: '613', fsas: ['K1P', 'K2P', 'K1N'] },
  { name: 'London', areaCode: '519', fsas: ['N6A', 'N5W'] },
  { name: 'Kitchener', areaCode: '519', fsas: ['N2G', 'N2H'] },
];

export const STREETS = [
  'King St W',
  'Queen St E',
  'Yonge St',
  'Bloor St W',
  'Dundas St W',
  'Eglinton Ave E',
  'Lakeshore Blvd W',
  'Bathurst St',
  'Spadina Ave',
  'College St',
  'Danforth Ave',
  'Main St E',
  'Rideau St',
  'Bank St',
  'Richmond St',
  'Weber St N',
  'Highway 7 E',
  'Hurontario St',
];

/** Letters Canada Post uses in postal codes (no D, F, I, O, Q, U). */
export const POSTAL_LETTERS = 'ABCEGHJKLMNPRSTVWXYZ';

export const EMAIL_DOMAINS = ['example.com', 'example.ca', 'example.org', 'example.net'];

export const OTHER_PHARMACIES = [
  'Lakeshore Community Pharmacy',
  'Danforth Family Drugs',
  'Bloor West Apothecary',
  'Kingsway Pharmacy',
  'Yonge & Eglinton Pharmacy',
  'Rideau Health Pharmacy',
  'Hurontario Medical Pharmacy',
  'Waterloo Region Drug Mart',
  'Forest City Pharmacy',
];

export const MEDICATIONS = [
  'Atorvastatin 20 mg tablets',
  'Metformin 500 mg tablets',
  'Ramipril 5 mg capsules',
  'Levothyroxine 50 mcg tablets',
  'Amlodipine 5 mg tablets',
  'Salbutamol 100 mcg inhaler',
  'Sertraline 50 mg capsules',
  'Pantoprazole 40 mg tablets',
  'Rosuvastatin 10 mg tablets',
  'Amoxicillin 500 mg capsules',
  'Escitalopram 10 mg tablets',
  'Hydrochlorothiazide 25 mg tablets',
];

export const PRESCRIBERS = [
  'Dr. Priya Raman',
  'Dr. Michael Tan',
  'Dr. Sarah MacLeod',
  'Dr. Olufemi Adeyemi',
  'Dr. Julie Bouchard',
  'Dr. Kevin Lau',
  'Dr. Hannah Goldberg',
  'Dr. Arjun Mehta',
];

export const PRESCRIPTION_NOTES = [
  'Patient prefers generic where available.',
  'Please call before filling: insurance change.',
  'Blister pack requested.',
  'Pick up after 5 pm.',
  null,
];

export const VACCINES = [
  'Influenza (flu)',
  'COVID-19',
  'Shingles (Shingrix)',
  'Pneumococcal',
  'Hepatitis B',
  'Tdap',
  'HPV',
];

export const CONSULTATIONS = [
  'Medication review',
  'Minor ailment assessment',
  'Smoking cessation',
  'Diabetes education',
  'Travel health',
  'Blood pressure check',
];

export const INQUIRY_MESSAGES = [
  'Hi, is my prescription ready for pick-up? I dropped it off this morning.',
  'Do you have the flu shot available for children under 5 this week?',
  'Can you transfer my prescriptions from my old pharmacy in Hamilton?',
  'My insurance changed last month. Do I need to bring in my new card?',
  'Are you open on the holiday Monday? I need to pick up my inhaler.',
  'I was charged twice for my last refill, could someone look into it please?',
  'Could the pharmacist call me about side effects of my new blood pressure medication?',
  'Is there parking behind the store, or should I use the street?',
  'I would like to enrol my mother in the blister pack program.',
  'Do you deliver to Scarborough? My father cannot drive anymore.',
  'Can I book a shingles vaccine for two people at the same time?',
  'My refill reminder came but I still have two weeks left. Can I skip this one?',
];

export const INQUIRY_REPLIES = [
  'Thank you for reaching out. Your prescription is ready and waiting at the counter.',
  'Yes, we have appointments available this week. You can book online or call us.',
  'We have started the transfer and will let you know as soon as it is complete.',
  'Please bring your new card on your next visit and we will update your file.',
  'Our pharmacist will call you this afternoon. Thank you for your patience.',
];
