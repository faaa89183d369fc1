import type { Reference } from '@sso/shared-api';
import type { PickNode } from './tree-sources.js';

/*
 * What the components draw, as the core describes it: the fields of a form and the columns of a
 * table (resource-view.ts builds them from a registry definition).
 */

export interface Choice {
  value: string;
  label: string;
}

export interface FieldSpec {
  prop: string;
  label: string;
  /** Typed text, masked text, one of the choices (←/→ move through them), or ids picked in a tree. */
  kind: 'text' | 'password' | 'choice' | 'tree';
  choices?: readonly Choice[];
  /** A tree field's nodes (titles shown, ids stored, comma-joined when several may be picked). */
  tree?: { nodes: readonly PickNode[]; multiple: boolean };
  /** The field holds another resource's key: its picker searches that resource by name. */
  reference?: Reference;
  required?: boolean;
}

export interface TableColumn {
  key: string;
  label: string;
  /** Widest the column grows to before its text is cut with `…`. */
  max?: number;
}
