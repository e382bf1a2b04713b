/** The demo accounts created on first start in emulator mode (DESIGN 2). */
export interface Account {
  email: string;
  password: string;
}

export const ADMIN: Account = { email: 'admin@pharmacy.test', password: 'admin-demo-password' };
export const PATIENT: Account = { email: 'patient@pharmacy.test', password: 'patient-demo-password' };
