/**
 * Perfect negotiation needs exactly one polite end per pair, decided the same way on both: the contract's rule is
 * that the peer with the smaller peer id is polite. Each end compares its own id with the other's.
 */
export const isPolite = (selfId: string, otherId: string): boolean => selfId < otherId;
