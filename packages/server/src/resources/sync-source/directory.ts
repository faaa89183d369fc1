/**
 * What every kind of source answers, whatever it speaks (LDAP, an organisation API, an HR file):
 * departments and people, each under the source's stable key. The diff and the apply read only
 * this, so a new kind of source is a new reader.
 */

/** A department (an LDAP organisational unit, a WeCom department…); its parent by the parent's key, null at the top. */
export interface SourceDept {
  externalId: string;
  name: string;
  parentExternalId: string | null;
  /** The key of the person leading it, when the source names one (the organisation APIs do). */
  leaderExternalId?: string | null;
}

/** A person, with the fields the mapping chose; `active` false when the source marks the account disabled. */
export interface SourcePerson {
  externalId: string;
  /** Where it comes from, for error rows (an LDAP DN, an API's user id). */
  origin: string;
  account: string | null;
  code: string | null;
  name: string | null;
  realName: string | null;
  phone: string | null;
  email: string | null;
  deptExternalId: string | null;
  active: boolean;
  /** The platform post the source places the person in (an HR file's post path); absent: left as it is. */
  post?: { id: string; name: string };
  /**
   * The directory groups the person is in (normalised DNs, nested groups resolved), when the
   * source reads them (an LDAP source does while a birthright rule names a group); absent: unknown.
   */
  groups?: string[];
}

/** An entry the source holds but cannot give (an HR file's broken row): an error row of the run. */
export interface SourceProblem {
  origin: string;
  message: string;
}

export interface DirectorySnapshot {
  depts: SourceDept[];
  people: SourcePerson[];
  problems?: SourceProblem[];
  /**
   * The groups the source asked about (normalised DNs: those the birthright rules name), when it
   * reads groups; each person's `groups` are among them, and a link's are compared within them.
   */
  groupsNamed?: string[];
}

/** Reads one source whole. Refusals a tenant can fix (bad password, unreachable host) throw a 400. */
export interface DirectoryReader {
  read(): Promise<DirectorySnapshot>;
  /** Reaches the source and shows its credentials (an LDAP bind, the vendor's token), reading nothing else. */
  probe(): Promise<void>;
}
