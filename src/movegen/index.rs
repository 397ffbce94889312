//! The memo of a search: an open-addressing table from state keys to state numbers.

use alloc::vec::Vec;

/// The memo of a search: state key to state number, by open addressing. A generation stamp
/// per slot makes clearing free, so a table grown by one large search costs nothing to reuse
/// for many small ones.
pub(super) struct Index {
    /// `(key, state, generation)`; a slot is live when its generation is the current one.
    slots: Vec<(u64, u32, u32)>,
    generation: u32,
    len: usize,
    /// The `len` at which the table doubles (half full), and the shift that turns a hash
    /// into a slot: both follow the size. Kept rather than worked out from the size at every
    /// probe, the search's busiest call.
    limit: usize,
    shift: u32,
}

/// The table's first size (slots), small enough to cost nothing to make.
const FIRST_SIZE: usize = 64;

impl Default for Index {
    fn default() -> Index {
        let mut index = Index { slots: Vec::new(), generation: 1, len: 0, limit: 0, shift: 0 };
        index.resize(FIRST_SIZE);
        index
    }
}

impl Index {
    pub(super) fn clear(&mut self) {
        self.len = 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // After 2^32 searches the stamps wrap: wipe them once.
            self.slots.iter_mut().for_each(|s| s.2 = 0);
            self.generation = 1;
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        let mask = self.slots.len() - 1;
        // The high bits of the product depend on every bit of the key.
        let mut i = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize;
        while self.slots[i].2 == self.generation && self.slots[i].0 != key {
            i = (i + 1) & mask;
        }
        i
    }

    /// Whether `key` is recorded.
    pub(super) fn contains(&self, key: u64) -> bool {
        self.slots[self.slot(key)].2 == self.generation
    }

    /// Records `key`; returns whether it is new.
    #[inline]
    pub(super) fn insert(&mut self, key: u64) -> bool {
        let (i, found) = self.find(key);
        if !found {
            self.fill(i, key, 0);
        }
        !found
    }

    /// The state of `key`, or `value` after recording it as the state of `key`; one probe.
    #[inline]
    pub(super) fn get_or_insert(&mut self, key: u64, value: u32) -> u32 {
        let (i, found) = self.find(key);
        if found {
            return self.slots[i].1;
        }
        self.fill(i, key, value);
        value
    }

    /// The slot of `key` and whether it holds it (else it is free for it). The table is never
    /// full (`fill` keeps it under half full), so the probe ends.
    #[inline(always)]
    fn find(&mut self, key: u64) -> (usize, bool) {
        let i = self.slot(key);
        (i, self.slots[i].2 == self.generation)
    }

    /// Puts `key` and its state in the free slot `i`, then grows the table if that made it
    /// half full: only an insert can, so a probe that finds its key tests nothing.
    #[inline(always)]
    fn fill(&mut self, i: usize, key: u64, value: u32) {
        self.slots[i] = (key, value, self.generation);
        self.len += 1;
        if self.len >= self.limit {
            self.grow();
        }
    }

    /// Doubles the table (rare: the table is kept from search to search).
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let live: Vec<(u64, u32, u32)> =
            self.slots.iter().copied().filter(|s| s.2 == self.generation).collect();
        self.resize(2 * self.slots.len());
        for (k, v, _) in live {
            let i = self.slot(k);
            self.slots[i] = (k, v, 1);
        }
    }

    /// Makes the table `size` free slots (a power of two) of generation 1, with the limit
    /// and shift that follow from the size; `len` is left to the caller.
    fn resize(&mut self, size: usize) {
        self.slots.clear();
        self.slots.resize(size, (0, 0, 0));
        self.generation = 1;
        self.limit = size / 2;
        self.shift = 64 - size.trailing_zeros();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A key is new after `clear` however long the table has been in use: when the
    /// generation stamps wrap, a slot stamped long ago must not look live again.
    #[test]
    fn a_cleared_table_forgets_its_keys_when_the_stamps_wrap() {
        let mut index = Index::default();
        assert!(index.insert(7));
        assert!(!index.insert(7));
        // A new table is of generation 1, so the slot of 7 is stamped 1; skip to the last
        // generation, so that the next clear wraps to 0 and then back to 1.
        index.generation = u32::MAX;
        index.clear();
        assert_eq!(index.generation, 1);
        assert!(index.insert(7), "a slot of an old generation looks live after the wrap");
        index.clear();
        assert!(index.insert(7), "a key survived clear");
        assert_eq!(index.get_or_insert(9, 4), 4);
        assert_eq!(index.get_or_insert(9, 5), 4);
    }

    /// Growing keeps every key and its state, and leaves the table under half full after
    /// each insert, so that a probe always meets a free slot.
    #[test]
    fn a_grown_table_keeps_its_keys() {
        let mut index = Index::default();
        // Distinct keys: multiplying by an odd number is one-to-one.
        let keys: Vec<u64> = (0..3000u64).map(|k| k.wrapping_mul(0x2545_F491_4F6C_DD1D)).collect();
        for (n, &key) in keys.iter().enumerate() {
            assert_eq!(index.get_or_insert(key, n as u32), n as u32);
            assert!(index.len < index.limit && index.limit == index.slots.len() / 2);
        }
        assert!(index.slots.len() >= 2 * keys.len());
        for (n, &key) in keys.iter().enumerate() {
            assert!(index.contains(key));
            assert_eq!(index.get_or_insert(key, u32::MAX), n as u32, "key {n} lost its state");
        }
        index.clear();
        assert!(keys.iter().all(|&key| !index.contains(key)));
    }
}
