//! A deliberately plain, slow second implementation of RULES.md sections 2 to 5, used to check
//! the engine's move generator. It enumerates every play with every pawn told apart, decides
//! validity, completeness and the filters on whole plays exactly as the text says (the
//! blockade time limit's too, told which blockades are overdue, which a position does not
//! record), and never calls the engine's generator (only its `Position` and `Step` types, to
//! read and write the notation).

#![allow(dead_code)]

use parcheesi::rules::{
    BlockadeMove, BonusTiming, Entering, FourAmountDoubles, HomeRow, OneDie, ThreeDoubles,
};
use parcheesi::{Location, Position, Rules, Seat, Setup};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Loc {
    Nest,
    Ring(u32),
    Row(u32),
    Home,
}

fn to_loc(l: Location) -> Loc {
    match l {
        Location::Nest => Loc::Nest,
        Location::Ring(q) => Loc::Ring(u32::from(q.number())),
        Location::HomeRow(h) => Loc::Row(u32::from(h)),
        Location::Home => Loc::Home,
    }
}

fn to_location(l: Loc) -> Location {
    match l {
        Loc::Nest => Location::Nest,
        Loc::Ring(q) => Location::Ring(parcheesi::Square::new(q as u8).expect("square")),
        Loc::Row(h) => Location::HomeRow(h as u8),
        Loc::Home => Location::Home,
    }
}

fn entry(s: usize) -> u32 {
    17 * s as u32 + 5
}
fn exit(s: usize) -> u32 {
    17 * s as u32
}
fn safe(q: u32) -> bool {
    [0, 5, 12, 17, 22, 29, 34, 39, 46, 51, 56, 63].contains(&q)
}

#[derive(Clone, Debug)]
struct St {
    pawns: [[Loc; 4]; 4],
    dice: Vec<u32>,
    bonuses: Vec<u32>,
    dice_phase_over: bool,
}

#[derive(Clone, Debug)]
struct Play {
    steps: Vec<(usize, Loc, Loc)>,
    dice_spent: Vec<u32>,
    entering: usize,
    end: St,
}

struct Ctx {
    rules: Rules,
    seats: Vec<usize>,
    mover: usize,
}

impl Ctx {
    fn count_at(&self, st: &St, l: Loc) -> Vec<(usize, usize)> {
        // (seat, pawn) pairs on a ring square, or on the mover's home-row square.
        let mut v = Vec::new();
        for &s in &self.seats {
            for p in 0..4 {
                let here = st.pawns[s][p];
                let same = match (here, l) {
                    (Loc::Ring(a), Loc::Ring(b)) => a == b,
                    (Loc::Row(a), Loc::Row(b)) => s == self.mover && a == b,
                    _ => false,
                };
                if same {
                    v.push((s, p));
                }
            }
        }
        v
    }

    /// Possible single steps from `st` (section 2), with what each spends: `(pawn, to, spent
    /// dice, spent bonus)`.
    fn steps(&self, st: &St, use_dice: bool, use_bonus: bool) -> Vec<(usize, Loc, Vec<u32>, Option<u32>)> {
        let m = self.mover;
        let mut out = Vec::new();
        if st.pawns[m].iter().all(|&l| l == Loc::Home) {
            return out;
        }
        if use_dice {
            // Entering.
            let e = Loc::Ring(entry(m));
            if self.count_at(st, e).len() < 2 {
                let mut options: Vec<Vec<u32>> = Vec::new();
                if st.dice.contains(&5) {
                    options.push(vec![5]);
                }
                for i in 0..st.dice.len() {
                    for j in i + 1..st.dice.len() {
                        if st.dice[i] + st.dice[j] == 5 {
                            let mut o = vec![st.dice[i], st.dice[j]];
                            o.sort();
                            if !options.contains(&o) {
                                options.push(o);
                            }
                        }
                    }
                }
                for p in 0..4 {
                    if st.pawns[m][p] == Loc::Nest {
                        for o in &options {
                            out.push((p, e, o.clone(), None));
                        }
                    }
                }
            }
            let mut seen = Vec::new();
            for &k in &st.dice {
                if seen.contains(&k) {
                    continue;
                }
                seen.push(k);
                for p in 0..4 {
                    for to in self.advances(st, p, k) {
                        out.push((p, to, vec![k], None));
                    }
                }
            }
        }
        if use_bonus {
            let mut seen = Vec::new();
            for &k in &st.bonuses {
                if seen.contains(&k) {
                    continue;
                }
                seen.push(k);
                for p in 0..4 {
                    for to in self.advances(st, p, k) {
                        out.push((p, to, vec![], Some(k)));
                    }
                }
            }
        }
        out
    }

    fn advances(&self, st: &St, p: usize, k: u32) -> Vec<Loc> {
        let m = self.mover;
        let from = st.pawns[m][p];
        // Each route as the list of places visited, the last being the end.
        let mut routes: Vec<Vec<Loc>> = Vec::new();
        match from {
            Loc::Ring(q) => {
                let j = (exit(m) + 68 - q) % 68;
                let ring_route: Vec<Loc> = (1..=k).map(|i| Loc::Ring((q + i) % 68)).collect();
                let mandatory = self.rules.home_row == HomeRow::Mandatory;
                if !(mandatory && j < k) {
                    routes.push(ring_route);
                }
                if j < k && k - j <= 8 {
                    let mut r: Vec<Loc> = (1..=j).map(|i| Loc::Ring((q + i) % 68)).collect();
                    for t in 0..(k - j) {
                        r.push(if t == 7 { Loc::Home } else { Loc::Row(t) });
                    }
                    routes.push(r);
                }
            }
            Loc::Row(h) if h + k <= 7 => {
                routes.push((h + 1..=h + k).map(|t| if t == 7 { Loc::Home } else { Loc::Row(t) }).collect());
            }
            _ => {}
        }
        let mut ends = Vec::new();
        for r in routes {
            let (end, between) = r.split_last().expect("route");
            if between.iter().any(|&l| self.count_at(st, l).len() == 2) {
                continue;
            }
            if *end == Loc::Home {
                ends.push(*end);
                continue;
            }
            let there = self.count_at(st, *end);
            let ok = match there.len() {
                0 => true,
                1 => there[0].0 == m || !matches!(end, Loc::Ring(q) if safe(*q)),
                _ => false,
            };
            if ok {
                ends.push(*end);
            }
        }
        ends
    }

    fn apply(&self, st: &St, p: usize, to: Loc, dice: &[u32], bonus: Option<u32>) -> St {
        let m = self.mover;
        let mut n = st.clone();
        for d in dice {
            let i = n.dice.iter().position(|x| x == d).expect("die");
            n.dice.remove(i);
        }
        if let Some(b) = bonus {
            let i = n.bonuses.iter().position(|&x| x == b).expect("bonus");
            n.bonuses.remove(i);
        }
        if let Loc::Ring(_) = to {
            for (s, q) in self.count_at(st, to) {
                if s != m {
                    n.pawns[s][q] = Loc::Nest;
                    if self.rules.capture_bonus > 0 {
                        n.bonuses.push(u32::from(self.rules.capture_bonus));
                    }
                }
            }
        }
        if to == Loc::Home && self.rules.home_bonus > 0 {
            n.bonuses.push(u32::from(self.rules.home_bonus));
        }
        n.pawns[m][p] = to;
        if self.rules.bonus_timing == BonusTiming::AfterDice
            && !n.dice_phase_over
            && self.steps(&n, true, false).is_empty()
        {
            n.dice_phase_over = true;
        }
        n
    }

    fn successors(&self, st: &St) -> Vec<(usize, Loc, Vec<u32>, Option<u32>)> {
        match self.rules.bonus_timing {
            BonusTiming::Immediately => self.steps(st, true, true),
            BonusTiming::AfterDice if st.dice_phase_over => self.steps(st, false, true),
            BonusTiming::AfterDice => self.steps(st, true, false),
        }
    }

    /// Walks every play from `play` (with every pawn told apart) and collects the complete
    /// ones: valid, with no valid play extending them. Returns whether `play` or a play
    /// extending it is valid.
    fn walk(&self, play: Play, valid: &dyn Fn(&Play) -> bool, complete: &mut Vec<Play>) -> bool {
        let mut valid_beyond = false;
        for (p, to, dice, bonus) in self.successors(&play.end) {
            let from = play.end.pawns[self.mover][p];
            let mut next = play.clone();
            next.end = self.apply(&play.end, p, to, &dice, bonus);
            next.steps.push((p, from, to));
            next.dice_spent.extend(&dice);
            if from == Loc::Nest {
                next.entering += 1;
            }
            valid_beyond |= self.walk(next, valid, complete);
        }
        let me = valid(&play);
        if me && !valid_beyond {
            complete.push(play);
        }
        me || valid_beyond
    }
}

/// The outcomes of `roll` from `position` under `rules`: canonical position strings after the
/// roll (section 4 applied), sorted, each once.
pub fn outcomes(rules: &Rules, position: &Position, d1: u8, d2: u8) -> Vec<String> {
    let mut out: Vec<String> =
        plays_with_overdue(rules, position, d1, d2, &[]).into_iter().map(|(_, o)| o).collect();
    out.sort();
    out.dedup();
    out
}

/// Every legal play of the roll (the empty play for the penalty), with the outcome it leads
/// to, when the mover's blockades on `overdue` (ring or home-row squares) have stood out the
/// blockade time limit of section 5, which a position does not record: pairs that may repeat
/// (pawns told apart, where a play's steps do not), in no order.
pub fn plays_with_overdue(
    rules: &Rules,
    position: &Position,
    d1: u8,
    d2: u8,
    overdue: &[Location],
) -> Vec<(parcheesi::Play, String)> {
    let seats: Vec<usize> = position.seats().iter().map(|s| s.index()).collect();
    let mover = position.mover().index();
    let mut pawns = [[Loc::Nest; 4]; 4];
    for &s in &seats {
        let seat = Seat::from_index(s).expect("seat");
        for (p, l) in position.pawns(seat).into_iter().enumerate() {
            pawns[s][p] = to_loc(l);
        }
    }
    let doubles = d1 == d2;
    let ctx = Ctx { rules: *rules, seats, mover };
    // Third doubles.
    if doubles && rules.three_doubles == ThreeDoubles::Penalty && position.doubles_count() == 2 {
        let steps_home = |l: Loc| match l {
            Loc::Ring(q) => Some((exit(mover) + 68 - q) % 68 + 8),
            Loc::Row(h) => Some(7 - h),
            _ => None,
        };
        let best = (0..4).filter_map(|p| steps_home(pawns[mover][p]).map(|d| (d, p))).min();
        if let Some((_, p)) = best {
            pawns[mover][p] = Loc::Nest;
        }
        return vec![(parcheesi::Play::EMPTY, finish(&ctx, position, pawns, false, true))];
    }
    let (a, b) = (u32::from(d1), u32::from(d2));
    let all_out = pawns[mover].iter().all(|&l| l != Loc::Nest);
    let dice = if doubles && all_out { vec![a, a, 7 - a, 7 - a] } else { vec![a, b] };
    let four = dice.len() == 4;
    let mut start = St { pawns, dice, bonuses: vec![], dice_phase_over: false };
    if rules.bonus_timing == BonusTiming::AfterDice && ctx.steps(&start, true, false).is_empty() {
        start.dice_phase_over = true;
    }
    // Blockades at the start of the roll, as pairs of pawn numbers.
    let rule_applies = match rules.blockade_move {
        BlockadeMove::ForbiddenOnDoubles => doubles,
        BlockadeMove::ForbiddenOnEveryRoll => true,
    };
    let mut pairs = Vec::new();
    for i in 0..4 {
        for j in i + 1..4 {
            let l = pawns[mover][i];
            if l == pawns[mover][j] && matches!(l, Loc::Ring(_) | Loc::Row(_)) {
                pairs.push((i, j, l));
            }
        }
    }
    let valid = |play: &Play| {
        !rule_applies
            || pairs.iter().all(|&(i, j, l)| {
                let (x, y) = (play.end.pawns[mover][i], play.end.pawns[mover][j]);
                !(x == y && matches!(x, Loc::Ring(_) | Loc::Row(_)) && x != l)
            })
    };
    let empty = Play { steps: vec![], dice_spent: vec![], entering: 0, end: start.clone() };
    let mut complete = Vec::new();
    ctx.walk(empty.clone(), &valid, &mut complete);
    let mut legal: Vec<Play> = complete.clone();
    if rules.four_amount_doubles == FourAmountDoubles::AllOrNothing
        && four
        && !complete.iter().any(|p| p.dice_spent.len() == 4)
    {
        legal = vec![empty];
    } else {
        let most = legal.iter().map(|p| p.dice_spent.len()).max().unwrap_or(0);
        legal.retain(|p| p.dice_spent.len() == most);
        if rules.entering == Entering::MustEnter {
            let most = legal.iter().map(|p| p.entering).max().unwrap_or(0);
            legal.retain(|p| p.entering == most);
        }
        if rules.one_die == OneDie::LargerDie {
            let pips = |p: &Play| p.dice_spent.iter().sum::<u32>();
            let most = legal.iter().map(&pips).max().unwrap_or(0);
            legal.retain(|p| pips(p) == most);
        }
    }
    // The blockade time limit: after the filters above, one overdue square at a time, the least
    // advanced first, only the plays that leave it without the mover's blockade if there are any.
    let advance = |l: &Loc| match *l {
        Loc::Ring(q) => (q + 68 - entry(mover)) % 68,
        Loc::Row(h) => 68 + h,
        _ => unreachable!("a blockade stands on a ring or home-row square"),
    };
    let mut overdue: Vec<Loc> = overdue.iter().map(|&l| to_loc(l)).collect();
    overdue.sort_by_key(advance);
    for square in overdue {
        let breaking: Vec<Play> = legal
            .iter()
            .filter(|p| p.end.pawns[mover].iter().filter(|&&l| l == square).count() < 2)
            .cloned()
            .collect();
        if !breaking.is_empty() {
            legal = breaking;
        }
    }
    legal.iter().map(|p| (engine_play(p), finish(&ctx, position, p.end.pawns, doubles, false))).collect()
}

/// `play` as the engine writes plays.
fn engine_play(play: &Play) -> parcheesi::Play {
    let mut out = parcheesi::Play::EMPTY;
    for &(_, from, to) in &play.steps {
        out.push(parcheesi::Step::new(to_location(from), to_location(to))).expect("a play fits");
    }
    out
}

fn finish(ctx: &Ctx, position: &Position, pawns: [[Loc; 4]; 4], doubles: bool, penalty: bool) -> String {
    let mut setup = Setup { pawns: [None; 4], mover: position.mover(), doubles: 0 };
    for &s in &ctx.seats {
        setup.pawns[s] = Some(pawns[s].map(to_location));
    }
    let won = pawns[ctx.mover].iter().all(|&l| l == Loc::Home);
    if !won && (penalty || !doubles) {
        let mut next = (ctx.mover + 1) % 4;
        while !ctx.seats.contains(&next) {
            next = (next + 1) % 4;
        }
        setup.mover = Seat::from_index(next).expect("seat");
    } else if !won && ctx.rules.three_doubles == ThreeDoubles::Penalty {
        setup.doubles = position.doubles_count() + 1;
    }
    Position::from_setup(&setup).expect("reference produced an invalid position").to_string()
}
