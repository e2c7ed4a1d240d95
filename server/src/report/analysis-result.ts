// What one analysis produces, as analyze() returns it and every report format and surface reads it: findings,
// sites (`--format facts`), and the facts the language server and the cross-file pass reuse.
import type { FileFacts, FunctionFacts, MethodUses, PrototypeDefaults } from '../extract/facts';
import type { ClassViews, HandleHelper, MemberView } from '../extract/descriptor-facts';
import type { FrameClass, FrameHeaderQuery } from '../extract/header-frame-members';
import type { Forwarder } from '../extract/forwarding-macros';
import type { SiteState } from '../track/env';
import type { ElsewhereExport } from '../track/elsewhere-entry';
import type { Finding } from '../types';

/** One barrier/creation/call site as `--format facts` prints it (contracts.md). Lines/columns 1-based. */
export interface SiteFact {
  kind: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  resource: string | null;
  fields: Record<string, string | number | null>;
  /** Tracked state around a barrier site, when the tracker reached it. */
  tracked?: SiteState;
}

export interface AnalysisResult {
  uri: string;
  findings: Finding[];
  sites: SiteFact[];
  parseErrors: number;
  /** True when the analysis ran to the end (false: skipped, e.g. binary or over the size cap). */
  complete: boolean;
  /** The extracted facts, for the language server (hover) and cross-file summaries. */
  facts?: FileFacts;
  /**
   * Cross-file helpers: this file's helper functions (plain data, safe to send between threads) and the names it
   * calls but could not resolve. A multi-file run re-analyses a file with a WorkspaceIndex when another file
   * defines one of those names.
   */
  helpers?: FunctionFacts[];
  /** The methods the file defines that record nothing, `Class::name/arity` (track/workspace.ts idleMethodKeys). */
  idleMethods?: string[];
  unresolvedCalls?: string[];
  /**
   * Some function of the file records something of the API (an event other than a user call: track/helper-reach.ts),
   * or the file constructs a barrier or creation: other files' helpers can change what its tracking follows.
   */
  recordsApi?: true;
  /** Receiver classes of the unresolved calls: a run re-analyses the file when another file declares their bases. */
  unresolvedClasses?: string[];
  /** D3D12-prefixed constants the file defines: another file's unknown-enumerator on one of them is dropped. */
  definedNames?: string[];
  /** The file's forwarding macros: a multi-file run gives them to the files that call them (a header's check macros). */
  forwarders?: [string, Forwarder][];
  /** Default arguments of the file's prototypes: a multi-file run gives them to the definition another file has. */
  prototypeDefaults?: PrototypeDefaults[];
  /** The file's enumerators and the names it could not fold: a multi-file run gives the first to the second. */
  enumerators?: [string, number][];
  unfolded?: string[];
  /** The file's class members declared as Direct3D interfaces, and the names its D3D12 commands met untyped: a multi-file run gives the other-API ones of the first to the second. */
  graphicsMembers?: [string, string][];
  untyped?: string[];
  /** The file's methods with whether each is `const` everywhere, and the methods it called without knowing them: a multi-file run gives the const ones of the first to the second. */
  methodConstness?: [string, boolean][];
  unknownMethods?: string[];
  /** What the file's methods do with their class's members (member-facts.ts): a multi-file run gives them to the files of the same classes. */
  methodUses?: MethodUses[];
  /** The file's one-return getters (definition texts) and the getters it called unknown: a multi-file run gives the first to the second. */
  getterDefinitions?: [string, string][];
  missedGetters?: string[];
  /** The file's translation helpers and conversions (definition texts) and the names it calls without defining them: a multi-file run gives the first to the second. */
  functionDefinitions?: [string, string][];
  calledNames?: string[];
  /** The file's descriptor-handle helpers and the names it calls for a handle: a multi-file run gives the first to the second. */
  handleHelpers?: HandleHelper[];
  unresolvedHandleCalls?: string[];
  /** The file's struct members that name a view and the ones it uses: a multi-file run gives the first to the second. */
  memberViews?: MemberView[];
  unresolvedMembers?: string[];
  /** What the file's methods wrote about their class's members, and the classes whose methods it defines: a multi-file run gives the first to files of the second. */
  classViews?: ClassViews[];
  methodClasses?: string[];
  /** What the file asks of the headers for frame members, and the classes it gives them (extract/header-frame-members.ts). */
  frameHeader?: FrameHeaderQuery;
  frameClasses?: FrameClass[];
  /** Members the file creates in one known state and never moves: a multi-file run checks the one method of another file reaching them through a getter (track/elsewhere-entry.ts). */
  elsewhereExports?: ElsewhereExport[];
  /** The file queries enhanced-barrier support: the run's enhanced-barriers-support findings are dropped. */
  enhancedSupportQuery?: true;
  /** The file exports an Agility SDK version of 1.606 or later: the run's creationOlder heap-state warnings are dropped. */
  newerRuntimeExport?: true;
  /** The file names a non-direct queue type: the run's prefer-queue-specific-layout advice is dropped. */
  otherQueueTypes?: true;
  /** The file's classes' base classes: a multi-file run resolves methods of a base declared in another file. */
  classBases?: [string, string[]][];
  /** The file's state-tracking wrappers and command uses: a multi-file run counts its conventions over all files. */
  wrapperFacts?: import('../rules/support/wrapper-conventions').WrapperFacts;
  /**
   * A digest of what a multi-file run's helper pass reads of this result (its helpers, class bases, prototype
   * defaults, wrappers, enumerators, member types), written with the result into the CLI's cache (cli/cross-file.ts
   * exportsDigest) so a warm run does not hash them again. Nothing reports it.
   */
  exportsDigest?: string;
}
