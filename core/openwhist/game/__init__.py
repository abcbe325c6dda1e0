"""The rules machinery: cards, actions, deals, rule hooks and the engine.

Nothing here knows storage, screens or a variant by name. From the bottom up:

- `faces` (how a card is written), `messages` (translatable text), `errors`;
- `cards` (card numbers and sets), `actions`, `tricks`;
- `state` (the immutable deal state and records), `scoring`, `options`;
- `hookspecs` (the rule hooks' contract), `views` (what a seat may see), `variant`
  (what a plugin registers);
- `standard` (plain whist, the bottom of every match's rule stack), `rules` (a match's
  stacked rules behind one typed facade);
- `deal` (`LiveDeal`, the mutable deal), `engine` (`Engine`, the pure API over it).

The public names are exported by `openwhist` itself; import them from there.
"""
