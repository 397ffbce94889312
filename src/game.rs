//! The game state: a position plus everything else that decides what is legal, and the turn
//! structure of RULES.md section 4 (rolling, the third-doubles penalty, rolling again after
//! doubles, passing the turn, the win).
//!
//! A [`GameState`] is either awaiting a roll, in the middle of one, or finished. The dice are an
//! explicit input ([`GameState::roll`]); steps are then applied one at a time
//! ([`GameState::apply_step`]) or as a whole play ([`GameState::apply_play`]). Every public
//! operation validates its input and leaves the state untouched on error.

use crate::board::{Location, Seat, code};
use crate::dice::{Amounts, Roll, index_below};
use crate::movegen::ends::Ends;
use crate::movegen::{Board, Codes, Rejection, RollSearch, RollStart, step_of};
use crate::moves::{MAX_PLAY_LEN, Play, PlayCodes, PlayFull, Step};
use crate::player::{Choices, OutcomeSource};
use crate::position::Position;
use crate::rules::{BonusTiming, HomeRow, Rules, RulesError, ThreeDoubles};
use alloc::vec;
use alloc::vec::Vec;

/// How many turns each blockade of each seat has stood on its square at the end of its
/// owner's turns: up to two `(square code, turns)` per seat, code 0 for none, the least
/// advanced square first and the empty slots last.
type BlockadeAges = [[(u8, u8); 2]; 4];

/// A roll in progress: the position it started from, the dice and the steps taken so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct InRoll {
    roll: Roll,
    start: Board,
    taken: Taken,
}

/// The steps taken so far in a roll, as location codes: half the size of a [`Play`], which
/// keeps every `GameState`, and so every outcome, 39 bytes smaller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Taken {
    codes: [Codes; MAX_PLAY_LEN],
    len: u8,
}

impl Taken {
    const NONE: Taken = Taken { codes: [[0; 2]; MAX_PLAY_LEN], len: 0 };

    /// Appends `step`, whose locations are valid.
    fn push(&mut self, step: Step) -> Result<(), PlayFull> {
        let slot = self.codes.get_mut(usize::from(self.len)).ok_or(PlayFull)?;
        *slot = [step.from.code(), step.to.code()];
        self.len += 1;
        Ok(())
    }

    fn steps(&self) -> impl Iterator<Item = Step> + '_ {
        self.codes[..usize::from(self.len)].iter().map(|&c| step_of(c))
    }

    fn play(&self) -> Play {
        let mut play = Play::EMPTY;
        play.write(usize::from(self.len), |steps| {
            for (slot, step) in steps.iter_mut().zip(self.steps()) {
                *slot = step;
            }
        });
        play
    }
}

/// The complete state of a game.
///
/// It only ever holds positions that RULES.md section 6.1 calls valid, and carries everything
/// that affects legality: the position, the rules, the roll in progress (its dice, where it
/// started and the steps taken) and the ages of blockades for the blockade time limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameState {
    rules: Rules,
    position: Position,
    ages: BlockadeAges,
    in_roll: Option<InRoll>,
}

/// Errors building a game state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NewGameError {
    /// The rules cannot be played.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The position's seats are not the seats of the rules.
    #[error("the position's seats are not the seats the rules say play")]
    SeatsMismatch,
}

/// Why a roll cannot be made now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RollError {
    /// A roll is already in progress: finish it with steps first.
    #[error("a roll is in progress; its steps must be made first")]
    RollInProgress,
    /// The game is over.
    #[error("the game is over")]
    GameOver,
}

/// Why a step is not legal now. The state is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StepError {
    /// No roll is in progress: roll first.
    #[error("no roll is in progress: roll the dice first")]
    NoRoll,
    /// The roll is over: a play goes on after the step that ended it.
    #[error("the roll is over: the play goes on after it ended")]
    RollOver,
    /// The roll is a third doubles, which is not played (section 4): the turn passed at once.
    #[error("a third doubles is not played: the turn passed at once")]
    ThirdDoubles,
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The mover has no pawn at the step's start.
    #[error("{seat} has no pawn at {from}")]
    NoPawn {
        /// The mover.
        seat: Seat,
        /// The start of the step.
        from: Location,
    },
    /// No route of any length leads from the start to the end.
    #[error("no pawn can go from {0} to {1}")]
    NoRoute(Location, Location),
    /// The step passes the exit square onto the ring, but the home row is mandatory.
    #[error("a pawn may not pass its exit square: the home row is mandatory")]
    MustTakeHomeRow,
    /// The amount the step needs is not available.
    #[error("the step needs {needed}, which is not an unused amount")]
    AmountNotAvailable {
        /// Steps the move needs (5 to enter).
        needed: u8,
    },
    /// The step goes home, but home is reached only by exact count and the amounts available
    /// are larger than the steps left.
    #[error("home is reached only by exact count: the step needs {needed}, and the amounts left overshoot")]
    OvershootsHome {
        /// Steps left to home.
        needed: u8,
    },
    /// The step needs a bonus, but bonuses wait until the dice phase is over.
    #[error("the bonus of {0} may only be spent after the dice")]
    BonusNotYet(u8),
    /// The step needs a die amount, but the dice phase is over and the dice are forfeited.
    #[error("the dice phase is over; die amount {0} is forfeited")]
    DiceForfeited(u8),
    /// The entry square already holds two pawns.
    #[error("the entry square {0} holds a blockade")]
    EntryBlocked(Location),
    /// A blockade stands strictly between the start and the end.
    #[error("the step passes a blockade at {0}")]
    PassesBlockade(Location),
    /// The end square already holds two pawns.
    #[error("the step lands on a blockade at {0}")]
    LandsOnBlockade(Location),
    /// The end is a safety square holding an opponent.
    #[error("the step lands on an opponent on safety square {0}")]
    LandsOnSafety(Location),
    /// Section 2 allows the step but every play it begins moves a blockade together.
    #[error("every play this step begins moves a blockade together")]
    MovesBlockadeTogether,
    /// All four amounts of the doubles cannot be used, so none may be.
    #[error("doubles are all or nothing and not all four amounts can be used")]
    AllOrNothing,
    /// Another play uses more dice.
    #[error("the most dice must be used, and this step leads to a play that uses fewer")]
    MustUseMostDice,
    /// Another play enters more pawns.
    #[error("the most pawns must be entered, and this step leads to a play that enters fewer")]
    MustEnter,
    /// Another play uses the larger die.
    #[error("the larger die must be used, and this step leads to a play that uses the smaller")]
    MustUseLargerDie,
    /// An overdue blockade must be broken.
    #[error("a blockade past the time limit must be broken")]
    MustBreakBlockade,
}

/// Why the roll in progress cannot end now ([`GameState::end_roll`]). The state is
/// unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EndRollError {
    /// No roll is in progress.
    #[error("no roll is in progress")]
    NoRoll,
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The steps taken do not form a legal play.
    #[error("the steps taken are not a whole legal play: more steps are required")]
    Incomplete,
}

/// Why a whole play cannot be applied. The state is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The roll cannot be made now.
    #[error(transparent)]
    Roll(#[from] RollError),
    /// A step is not legal.
    #[error("step {index} ({step}): {error}")]
    Step {
        /// The step's position in the play, from 1.
        index: usize,
        /// The step.
        step: Step,
        /// Why it is not legal.
        error: StepError,
    },
    /// The play stops before the roll is over.
    #[error("the play is incomplete: more steps are required")]
    Incomplete,
}

/// What happens to the turn when a roll ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum TurnChange {
    /// The mover rolled doubles and rolls again.
    RollAgain,
    /// The turn passes to this seat.
    PassedTo(Seat),
    /// The mover has all four pawns home and wins.
    Won(Seat),
}

/// The end of a roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RollEnd {
    /// Die amounts left unused (forfeited).
    pub forfeited_dice: Amounts,
    /// Bonuses left unspent (forfeited), in steps.
    pub forfeited_bonuses: u8,
    /// What happens to the turn.
    pub turn: TurnChange,
}

/// What a roll did.
///
/// With the `serde` feature this report, [`StepReport`], [`RollEnd`] and [`TurnChange`] are
/// saved and read as their fields (as a server sends them to a client). Reading one checks
/// each field on its own (seats, locations, die amounts), not that a game could report it:
/// reports are what the engine answers, and no function takes one as input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RollReport {
    /// The roll is in progress with these die amounts; steps follow.
    Started(Amounts),
    /// No legal play moves a pawn: the roll is over at once.
    Forfeited(RollEnd),
    /// A third doubles: the pawn at `from` went back to its nest (if the mover had a pawn out)
    /// and the turn passed.
    Penalty {
        /// Where the penalised pawn stood.
        from: Option<Location>,
        /// The seat now to move.
        next: Seat,
    },
}

/// What one legal step did. Only the engine builds one (`#[non_exhaustive]`), so that a field
/// added later breaks no program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct StepReport {
    /// The opponent captured, if any.
    pub captured: Option<Seat>,
    /// The bonus earned, in steps (capture or home bonus), if any.
    pub bonus_earned: Option<u8>,
    /// Whether the pawn reached home.
    pub reached_home: bool,
    /// The end of the roll, if the step ended it.
    pub roll_end: Option<RollEnd>,
    /// Whether the roll may end here though it can also go on: the steps taken form a legal
    /// play and begin a longer one ([`GameState::end_roll`] ends it, a legal step goes on).
    /// Read as `false` where a saved report lacks it.
    #[cfg_attr(feature = "serde", serde(default))]
    pub may_end_roll: bool,
}

/// One distinct outcome of a roll: the state after it and one play leading to it.
///
/// It prints as a line of the text interface's `outcomes` answer (RULES.md section 7), the
/// position after the roll and the play:
///
/// ```
/// use parcheesi::{GameState, Position, Roll, Rules};
///
/// let position: Position = "g:n,n,n,10 r:n,n,20,20 g 0".parse()?;
/// let state = GameState::from_position(Rules::seed().with_seats(position.seats()), position)?;
/// let outcomes = state.outcomes(Roll::new(4, 6)?)?;
/// assert_eq!(outcomes[0].to_string(), "g:n,n,n,16 r:n,n,20,20 r 0 ; 10-16");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature it is saved and read as its two fields, each checked as it is on
/// its own; that the play leads to the state is not checked (the fields are public, and no
/// function takes an `Outcome` as input).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// The state after the roll (awaiting the next roll, or finished).
    pub state: GameState,
    /// One legal play that leads to it, whole ([`GameState::apply_play`]) or one step at a
    /// time ([`GameState::apply_step`]).
    pub play: Play,
}

impl core::fmt::Display for Outcome {
    /// `POSITION ; PLAY`, a line of the text interface's `outcomes` answer (RULES.md section
    /// 7).
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} ; {}", self.state.position(), self.play)
    }
}

/// The distinct outcomes of a searched roll, built one at a time as [`Choices`] asks.
struct Built<'e> {
    state: &'e GameState,
    roll: Roll,
    /// The state after a play that leaves the board as it is.
    after: GameState,
    ends: &'e Ends<'e>,
}

impl OutcomeSource for Built<'_> {
    fn position(&self, k: usize) -> Position {
        let mut position = self.after.position;
        self.state.end_position(self.roll, self.ends, k, &mut position);
        position
    }

    fn outcome(&self, k: usize) -> Outcome {
        let mut o = Outcome { state: self.after, play: Play::EMPTY };
        self.state.end_outcome(self.roll, self.ends, k, &mut o);
        o
    }
}

/// The one outcome of a roll settled without a search.
impl OutcomeSource for Outcome {
    fn position(&self, _: usize) -> Position {
        self.state.position
    }

    fn outcome(&self, _: usize) -> Outcome {
        *self
    }
}

impl GameState {
    /// A new game: every pawn in its nest, the lowest playing seat to move.
    ///
    /// # Errors
    /// [`NewGameError::Rules`] if the rules cannot be played.
    pub fn new(rules: Rules) -> Result<GameState, NewGameError> {
        rules.validate()?;
        // Valid rules have two seats or more, so the start exists; this error cannot happen.
        let no_start = RulesError::Seats(rules.seats.len());
        let first = rules.seats.iter().next().ok_or(no_start)?;
        let position = Position::start(rules.seats, first).map_err(|_| no_start)?;
        GameState::from_position(rules, position)
    }

    /// The state at `position`, awaiting a roll. Blockade ages start at zero.
    ///
    /// # Errors
    /// [`NewGameError`] if the rules cannot be played or their seats are not the position's.
    pub fn from_position(rules: Rules, position: Position) -> Result<GameState, NewGameError> {
        rules.validate()?;
        if rules.seats != position.seats() {
            return Err(NewGameError::SeatsMismatch);
        }
        Ok(GameState { rules, position, ages: [[(0, 0); 2]; 4], in_roll: None })
    }

    /// The rules in force.
    #[must_use]
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The current position (in the middle of a roll: where the pawns stand now).
    #[must_use]
    pub const fn position(&self) -> Position {
        self.position
    }

    /// The seat to move.
    #[must_use]
    pub const fn mover(&self) -> Seat {
        self.position.mover
    }

    /// The roll in progress, if any.
    #[must_use]
    pub fn current_roll(&self) -> Option<Roll> {
        self.in_roll.map(|r| r.roll)
    }

    /// The steps taken so far in the roll in progress (empty between rolls).
    #[must_use]
    pub fn steps_taken(&self) -> Play {
        self.in_roll.map(|r| r.taken.play()).unwrap_or_default()
    }

    /// Whether the state awaits a roll.
    #[must_use]
    pub fn awaits_roll(&self) -> bool {
        self.in_roll.is_none() && !self.is_finished()
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.position.is_finished()
    }

    /// The winner, once the game is over.
    #[must_use]
    pub fn winner(&self) -> Option<Seat> {
        self.position.winner()
    }

    /// The blockade squares of the mover that must be broken this turn, least advanced first
    /// (as the ages are kept). At most two: a seat has at most two blockades.
    fn overdue(&self) -> [u8; 2] {
        let mut squares = [0u8; 2];
        if let Some(limit) = self.rules.blockade_limit {
            for (slot, &(c, turns)) in squares.iter_mut().zip(&self.ages[self.mover().index()]) {
                if c != 0 && turns >= limit {
                    *slot = c;
                }
            }
        }
        squares
    }

    /// What the search of `roll` from the board `start` depends on.
    pub(crate) fn roll_start(&self, start: Board, roll: Roll) -> RollStart {
        RollStart {
            rules: self.rules,
            board: start,
            seats: self.position.seats,
            mover: self.mover(),
            roll,
            overdue: self.overdue(),
        }
    }

    /// `f` of each roll of [`Roll::DISTINCT`], in that order, with `f` called once for twin
    /// rolls (see `earlier_twins`): what perft and the search bot, which ask
    /// every roll, use so that they search such a roll once.
    pub(crate) fn by_roll<T: Copy + Default>(&self, mut f: impl FnMut(Roll) -> T) -> [T; 21] {
        let twins = self.earlier_twins();
        let mut values = [T::default(); 21];
        for (i, &roll) in Roll::DISTINCT.iter().enumerate() {
            values[i] = match twins[i] {
                Some(j) => values[j],
                None => f(roll),
            };
        }
        values
    }

    /// For each roll of [`Roll::DISTINCT`], an earlier roll there that gives this state the
    /// same outcomes in the same order, if there is one. A roll's outcomes depend on it only
    /// through the die amounts it gives and whether it is doubles, so with no pawn of the mover
    /// in its nest, doubles `d-d` and `(7-d)-(7-d)` (both giving `d, d, 7-d, 7-d`) share
    /// them.
    fn earlier_twins(&self) -> [Option<usize>; 21] {
        // The twins with every pawn out: each `d-d` and the `(7-d)-(7-d)` before it.
        const ALL_OUT: [Option<usize>; 21] = {
            let mut twins = [None; 21];
            let mut i = 0;
            while i < 21 {
                let roll = Roll::DISTINCT[i];
                let mut j = 0;
                while roll.is_doubles() && j < i {
                    let earlier = Roll::DISTINCT[j];
                    if earlier.is_doubles() && earlier.first.value() == 7 - roll.first.value() {
                        twins[i] = Some(j);
                    }
                    j += 1;
                }
                i += 1;
            }
            twins
        };
        // With a pawn in the nest, doubles give two amounts of their own, as other rolls do.
        if self.position.pawns[self.mover().index()].contains(&code::NEST) {
            return [None; 21];
        }
        ALL_OUT
    }

    fn is_third_doubles(&self, roll: Roll) -> bool {
        roll.is_doubles() && self.rules.three_doubles == ThreeDoubles::Penalty && self.position.doubles == 2
    }

    /// Whether no pawn of the mover can move with `roll`: none stands on a square (each is in
    /// its nest or home) and the roll cannot enter one, having no 5 and no two dice that sum to
    /// 5 (section 2.2). Its one play is then the empty play, known with no search: common
    /// early in a game, while the pawns wait for a 5.
    #[inline(always)]
    fn cannot_move(&self, roll: Roll) -> bool {
        // A seat's pawns are in canonical order, those in the nest first and those at home
        // last: as one word, none on a square is one of these (four at home is a win).
        const H: u32 = code::HOME as u32;
        const NONE_OUT: [u32; 4] = [0, H << 24, H << 24 | H << 16, H << 24 | H << 16 | H << 8];
        let (a, b) = (u8::from(roll.first), u8::from(roll.second));
        let pawns = u32::from_le_bytes(self.position.pawns[self.mover().index()]);
        a != 5 && b != 5 && a + b != 5 && NONE_OUT.contains(&pawns)
    }

    /// Every distinct outcome of `roll` from this state (which must await a roll), each with
    /// one legal play leading to it, in a deterministic order (the text interface sorts them
    /// by notation). A third doubles has the penalty as its one outcome, with the empty play.
    ///
    /// Each play also leads there taken one step at a time with [`GameState::apply_step`]
    /// (ended with [`GameState::end_roll`] where the roll could go on after its last step).
    ///
    /// With every pawn of the mover out of its nest, doubles `d-d` and `(7-d)-(7-d)` give the
    /// same four amounts and so the same outcomes: with `std`, the search of one is kept on
    /// the thread until the position changes and serves the other once, so asking every roll
    /// of a position in turn (as an evaluation of the position does) searches such twins
    /// once; the other ways of asking (`outcomes_into`, `outcome_positions`,
    /// `outcome_positions_into`, `choices`, `outcome_count`, `random_outcome`) share the kept
    /// search.
    ///
    /// # Errors
    /// [`RollError`] if a roll is in progress or the game is over.
    pub fn outcomes(&self, roll: Roll) -> Result<Vec<Outcome>, RollError> {
        let mut out = Vec::new();
        self.outcomes_into(roll, &mut out)?;
        Ok(out)
    }

    /// How many distinct outcomes `roll` has from this state: `outcomes(roll)?.len()`, without
    /// building them.
    ///
    /// # Errors
    /// [`RollError`] if a roll is in progress or the game is over.
    pub fn outcome_count(&self, roll: Roll) -> Result<usize, RollError> {
        self.check_can_roll()?;
        if self.is_settled(roll) {
            return Ok(1);
        }
        Ok(Ends::count(&self.roll_start(self.position.pawns, roll)))
    }

    /// The number of distinct outcomes of each roll of [`Roll::DISTINCT`], in that order (all 0
    /// unless the state awaits a roll): [`GameState::outcome_count`] of every roll, with the
    /// rolls of this one position searched in turn and twin rolls once, as perft asks at its
    /// last level.
    pub(crate) fn outcome_counts(&self) -> [usize; 21] {
        if self.check_can_roll().is_err() {
            return [0; 21];
        }
        Ends::counting(&self.roll_start(self.position.pawns, Roll::DISTINCT[0]), |count| {
            self.by_roll(|roll| if self.is_settled(roll) { 1 } else { count(roll) })
        })
    }

    /// Like [`GameState::outcomes`], but into a list the caller owns: it is cleared first, and
    /// once its capacity and this thread's search buffers have grown to fit, generating the
    /// outcomes allocates nothing.
    ///
    /// # Errors
    /// [`RollError`] if a roll is in progress or the game is over; `out` is then empty.
    pub fn outcomes_into(&self, roll: Roll, out: &mut Vec<Outcome>) -> Result<(), RollError> {
        out.clear();
        if let Some(state) = self.settled_outcome(roll)? {
            out.push(Outcome { state, play: Play::EMPTY });
            return Ok(());
        }
        // The state after a play that leaves the board as it is: the turn changes as the roll
        // says (no play from here leaves the board as it is and wins). Each outcome starts as
        // a copy of it and gets its board; one that wins or ages blockades is worked out whole.
        let mut after = *self;
        let _ = after.after_play(self.position.pawns, roll);
        Ends::with(&self.roll_start(self.position.pawns, roll), move |ends| {
            out.resize(ends.len(), Outcome { state: after, play: Play::EMPTY });
            for (k, o) in out.iter_mut().enumerate() {
                self.end_outcome(roll, ends, k, o);
            }
        });
        Ok(())
    }

    /// Makes `o`, which holds the state after a play that leaves the board as it is, the
    /// outcome of the distinct legal end `k` of `roll`: the end's board and play; an outcome
    /// that wins, or ages blockades, is worked out whole.
    #[inline(always)]
    fn end_outcome(&self, roll: Roll, ends: &Ends<'_>, k: usize, o: &mut Outcome) {
        let board = ends.board_and_play(k, &mut o.play);
        // Blockade ages follow the board after the play when the turn passes.
        let aged = self.rules.blockade_limit.is_some() && !roll.is_doubles();
        if aged || board[self.mover().index()] == [code::HOME; 4] {
            o.state = *self;
            let _ = o.state.after_play(board, roll);
        } else {
            o.state.set_board(board);
        }
    }

    /// Runs `f` on the distinct outcomes of `roll` from this state (which must await a roll)
    /// as [`Choices`]: each outcome, or the position it leaves, is built only when `f` asks
    /// for it, and outcome `k` is `outcomes(roll)?[k]`. What [`Game::play`](crate::Game::play)
    /// hands its players: a player that scores positions builds no play, one that draws an
    /// index builds nothing, and the driver builds the one outcome chosen.
    ///
    /// `f` may search other rolls and states (a player looking ahead does): those searches
    /// use a second set of this thread's buffers.
    ///
    /// # Errors
    /// [`RollError`] if a roll is in progress or the game is over; `f` is then not called.
    ///
    /// # Example
    /// ```
    /// use parcheesi::bots::evaluate;
    /// use parcheesi::{GameState, Roll, Rules};
    ///
    /// let state = GameState::new(Rules::seed())?;
    /// let roll = Roll::new(5, 5)?;
    /// // The best outcome for the mover by `evaluate`: positions are built to score them, then
    /// // the one chosen whole.
    /// let (k, chosen) = state.choices(roll, |choices| {
    ///     let me = choices.state().mover();
    ///     let best = choices.positions().enumerate().max_by_key(|(_, p)| evaluate(p, me));
    ///     let k = best.map_or(0, |(k, _)| k);
    ///     (k, choices.outcome(k))
    /// })?;
    /// assert_eq!(chosen, Some(state.outcomes(roll)?[k]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn choices<R>(&self, roll: Roll, mut f: impl FnMut(&Choices<'_>) -> R) -> Result<R, RollError> {
        if let Some(state) = self.settled_outcome(roll)? {
            let settled = Outcome { state, play: Play::EMPTY };
            return Ok(f(&Choices::new(self, roll, 1, &settled)));
        }
        let mut after = *self;
        let _ = after.after_play(self.position.pawns, roll);
        Ok(Ends::with(&self.roll_start(self.position.pawns, roll), |ends| {
            let built = Built { state: self, roll, after, ends };
            f(&Choices::new(self, roll, ends.len(), &built))
        }))
    }

    /// The distinct outcomes of `roll` from this state as the positions they leave (RULES.md
    /// section 3: the outcome of a play is the position after it), in the order of
    /// [`GameState::outcomes`]: each outcome's `state.position()`, without its play or whole
    /// state. What an evaluator that scores every outcome needs, found by a search that keeps
    /// no play, so cheaper than `outcomes`. To go on from the one chosen, take the outcome of
    /// the same index in `outcomes(roll)?`; or, unless the rules limit how long a blockade
    /// may stand ([`Rules::blockade_limit`], whose ages a position does not record), take
    /// `GameState::from_position(rules, position)`, which is then that outcome's state: a
    /// cheap way to play games out at random, with no play built.
    ///
    /// # Errors
    /// [`RollError`] if a roll is in progress or the game is over.
    ///
    /// # Example
    /// ```
    /// use parcheesi::{GameState, Roll, Rules};
    ///
    /// let state = GameState::new(Rules::seed())?;
    /// let roll = Roll::new(5, 2)?;
    /// let positions = state.outcome_positions(roll)?;
    /// let outcomes = state.outcomes(roll)?;
    /// assert!(positions.iter().copied().eq(outcomes.iter().map(|o| o.state.position())));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome_positions(&self, roll: Roll) -> Result<Vec<Position>, RollError> {
        let mut out = Vec::new();
        self.outcome_positions_into(roll, &mut out)?;
        Ok(out)
    }

    /// Like [`GameState::outcome_positions`], but into a list the caller owns: it is cleared
    /// first, and once its capacity and this thread's search buffers have grown to fit, this
    /// allocates nothing.
    ///
    /// # Errors
    /// [`RollError`] if a roll is in progress or the game is over; `out` is then empty.
    pub fn outcome_positions_into(&self, roll: Roll, out: &mut Vec<Position>) -> Result<(), RollError> {
        out.clear();
        if let Some(state) = self.settled_outcome(roll)? {
            out.push(state.position);
            return Ok(());
        }
        let mut after = *self;
        let _ = after.after_play(self.position.pawns, roll);
        Ends::without_plays(&self.roll_start(self.position.pawns, roll), |ends| {
            self.end_positions(roll, after.position, ends, out);
        });
        Ok(())
    }

    /// The positions the distinct legal ends `ends` of `roll` leave, into `out`. As in
    /// `outcomes_into`, each is the position `after` a play that leaves the board as it is,
    /// given the end's board; one that wins is worked out whole (blockade ages are not part
    /// of a position).
    #[inline(always)]
    fn end_positions(&self, roll: Roll, after: Position, ends: &Ends<'_>, out: &mut Vec<Position>) {
        out.resize(ends.len(), after);
        for (k, position) in out.iter_mut().enumerate() {
            self.end_position(roll, ends, k, position);
        }
    }

    /// Makes `position`, the position after a play that leaves the board as it is, the one
    /// the distinct legal end `k` of `roll` leaves.
    #[inline(always)]
    fn end_position(&self, roll: Roll, ends: &Ends<'_>, k: usize, position: &mut Position) {
        let board = ends.board(k);
        if board[self.mover().index()] == [code::HOME; 4] {
            let mut state = *self;
            let _ = state.after_play(board, roll);
            *position = state.position;
        } else {
            position.pawns = board;
        }
    }

    /// The state after one of the distinct outcomes of `roll`, drawn uniformly with `rng`:
    /// `outcomes(roll)?[k].state` for a uniform `k`, found without building the other
    /// outcomes or any play. What a random playout needs (Monte Carlo tree search, random
    /// bots), and the cheapest way to play a game out at random.
    ///
    /// When the roll has more than one outcome this draws one `u64` from `rng` (and again for
    /// the few top words that would favour the first outcomes); otherwise it draws nothing. So
    /// a seeded generator plays the same game on every platform.
    ///
    /// # Errors
    /// [`RollError`] if a roll is in progress or the game is over.
    ///
    /// # Example
    /// ```
    /// use parcheesi::{GameState, Roll, Rules};
    /// use rand::SeedableRng;
    ///
    /// // A whole four-player game of uniformly random choices.
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    /// let mut state = GameState::new(Rules::seed())?;
    /// while !state.is_finished() {
    ///     let roll = Roll::random(&mut rng);
    ///     state = state.random_outcome(roll, &mut rng)?;
    /// }
    /// assert!(state.winner().is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn random_outcome<R: rand::Rng + ?Sized>(
        &self,
        roll: Roll,
        rng: &mut R,
    ) -> Result<GameState, RollError> {
        if let Some(state) = self.settled_outcome(roll)? {
            return Ok(state);
        }
        let board = Ends::without_plays(&self.roll_start(self.position.pawns, roll), |ends| {
            // With one end there is no choice, and no word is drawn.
            let n = ends.len();
            ends.board(if n > 1 { index_below(n, rng) } else { 0 })
        });
        let mut state = *self;
        let _ = state.after_play(board, roll);
        Ok(state)
    }

    /// The distinct outcomes of `roll` as [`GameState::outcomes_into`] finds them, in its
    /// order, without a state built for each: `positions` is filled with the position of each
    /// (as `outcome_positions_into` does), and `f` is given them and a function that writes
    /// the play to outcome `k` (as `outcomes_into` does). What the text interface answers
    /// `outcomes` from, a line per outcome.
    ///
    /// # Errors
    /// [`RollError`] if a roll is in progress or the game is over; `f` is then not called.
    pub(crate) fn outcome_positions_and_plays(
        &self,
        roll: Roll,
        positions: &mut Vec<Position>,
        f: impl FnOnce(&[Position], &dyn Fn(usize, &mut PlayCodes)),
    ) -> Result<(), RollError> {
        positions.clear();
        if let Some(state) = self.settled_outcome(roll)? {
            positions.push(state.position);
            f(positions, &|_, play| *play = PlayCodes::EMPTY);
            return Ok(());
        }
        let mut after = *self;
        let _ = after.after_play(self.position.pawns, roll);
        let mut f = Some(f);
        Ends::with(&self.roll_start(self.position.pawns, roll), |ends| {
            self.end_positions(roll, after.position, ends, positions);
            // `Ends::with` runs this once.
            if let Some(f) = f.take() {
                f(positions, &|k, play| ends.play_codes_into(k, play));
            }
        });
        Ok(())
    }

    /// Checks that this state awaits a roll; if `roll` has one outcome, reached by the empty
    /// play, that needs no search, the state after it: the penalty of a third doubles, or the
    /// roll passed when no pawn can move (`cannot_move`).
    #[inline(always)]
    fn settled_outcome(&self, roll: Roll) -> Result<Option<GameState>, RollError> {
        self.check_can_roll()?;
        Ok(self.is_settled(roll).then(|| self.settled(roll)))
    }

    /// Whether `roll` has one outcome, reached by the empty play, known with no search: a
    /// third doubles, or a roll no pawn can use.
    #[inline(always)]
    fn is_settled(&self, roll: Roll) -> bool {
        self.is_third_doubles(roll) || self.cannot_move(roll)
    }

    /// The state after the one outcome of `roll` when `is_settled`. (Out of line: the test
    /// is what most rolls run.)
    #[inline(never)]
    fn settled(&self, roll: Roll) -> GameState {
        let mut state = *self;
        if self.is_third_doubles(roll) {
            state.penalise();
        } else {
            let _ = state.after_play(self.position.pawns, roll);
        }
        state
    }

    fn check_can_roll(&self) -> Result<(), RollError> {
        if self.is_finished() {
            Err(RollError::GameOver)
        } else if self.in_roll.is_some() {
            Err(RollError::RollInProgress)
        } else {
            Ok(())
        }
    }

    /// Every legal play of `roll` from this state (which must await a roll), each once as a
    /// sequence of steps, sorted by notation. Many plays often share an outcome; see
    /// [`GameState::outcomes`] for the distinct outcomes. A third doubles has only the empty
    /// play. One legal play can begin another where a step could be made by either of two
    /// pawns on a square ([`GameState::apply_step`] says when).
    ///
    /// # Errors
    /// [`RollError`] if a roll is in progress or the game is over.
    pub fn legal_plays(&self, roll: Roll) -> Result<Vec<Play>, RollError> {
        self.check_can_roll()?;
        if self.is_third_doubles(roll) {
            return Ok(vec![Play::EMPTY]);
        }
        Ok(RollSearch::with(&self.roll_start(self.position.pawns, roll), RollSearch::legal_plays))
    }

    /// Rolls `roll` for the mover. A third doubles is penalised at once; a roll with no legal
    /// step is forfeited at once; otherwise the roll is in progress and steps follow.
    ///
    /// # Errors
    /// [`RollError`] if a roll is already in progress or the game is over.
    pub fn roll(&mut self, roll: Roll) -> Result<RollReport, RollError> {
        self.check_can_roll()?;
        if self.is_third_doubles(roll) {
            let from = self.penalise();
            return Ok(RollReport::Penalty { from, next: self.mover() });
        }
        let start = self.position.pawns;
        let forfeited = RollSearch::with(&self.roll_start(start, roll), |search| {
            let current = search.follow([]);
            search.is_over(&current).then(|| self.finish_roll(search, &current, roll))
        });
        if let Some(end) = forfeited {
            return Ok(RollReport::Forfeited(end));
        }
        self.in_roll = Some(InRoll { roll, start, taken: Taken::NONE });
        Ok(RollReport::Started(roll.amounts(start[self.mover().index()].iter().all(|&c| c != code::NEST))))
    }

    /// The legal steps now, each once (empty unless a roll is in progress).
    #[must_use]
    pub fn legal_steps(&self) -> Vec<Step> {
        let mut steps = Vec::new();
        self.legal_steps_into(&mut steps);
        steps
    }

    /// Like [`GameState::legal_steps`], but into a list the caller owns (cleared first), so
    /// that once it has grown to fit, asking allocates nothing.
    pub fn legal_steps_into(&self, steps: &mut Vec<Step>) {
        steps.clear();
        if let Some(r) = self.in_roll.filter(|_| !self.is_finished()) {
            RollSearch::with(&self.roll_start(r.start, r.roll), |search| {
                search.legal_steps(&search.follow(r.taken.steps()), steps);
            });
        }
    }

    /// Whether `step` is legal now: exactly whether it is among [`GameState::legal_steps`].
    #[must_use]
    pub fn is_legal(&self, step: Step) -> bool {
        self.legal_steps().contains(&step)
    }

    /// The unused die amounts and pending bonuses (in steps) of the roll in progress.
    #[must_use]
    pub fn amounts_left(&self) -> Option<(Amounts, Vec<u8>)> {
        let r = self.in_roll?;
        let (dice, bonuses, dice_over) = RollSearch::with(&self.roll_start(r.start, r.roll), |search| {
            Some(search.amounts_at(*search.follow(r.taken.steps()).first()?))
        })?;
        let dice = if dice_over { Amounts::default() } else { dice };
        Some((dice, bonuses.into_iter().filter(|&b| b != 0).collect()))
    }

    /// Applies one legal step of the roll in progress.
    ///
    /// The roll ends when the steps taken form a legal play that no legal step continues
    /// (RULES.md 3.6). A step does not say which of two pawns on a square moves, so where
    /// one of them is of a starting pair (the blockade rule tells them apart), the steps
    /// taken can form a legal play with one pawn moving and begin a longer one with the
    /// other. There the roll stays open ([`StepReport::may_end_roll`]): the mover ends it
    /// with [`GameState::end_roll`] or goes on with a legal step. So taking steps one at a
    /// time reaches exactly the outcomes of [`GameState::outcomes`].
    ///
    /// # Errors
    /// [`StepError`] saying why the step is not legal; the state is then unchanged.
    pub fn apply_step(&mut self, step: Step) -> Result<StepReport, StepError> {
        if self.is_finished() {
            return Err(StepError::GameOver);
        }
        let r = self.in_roll.ok_or(StepError::NoRoll)?;
        if !step.is_on_board() {
            return Err(StepError::NoRoute(step.from, step.to));
        }
        RollSearch::with(&self.roll_start(r.start, r.roll), |search| {
            let current = search.follow(r.taken.steps());
            let mut taken = r.taken;
            taken.push(step).map_err(|_| StepError::NoRoute(step.from, step.to))?;
            let next = search.follow_step(&current, step);
            if next.is_empty() {
                return Err(self.explain(search, &current, step));
            }
            let before = self.position.pawns;
            let after = search.board_at(&next);
            let seat = self.mover();
            let captured = Seat::ALL.into_iter().find(|&s| {
                s != seat
                    && before[s.index()].iter().filter(|&&c| c == code::NEST).count()
                        < after[s.index()].iter().filter(|&&c| c == code::NEST).count()
            });
            let reached_home = step.to == Location::Home;
            let bonus_earned = if captured.is_some() {
                Some(self.rules.capture_bonus)
            } else if reached_home {
                Some(self.rules.home_bonus)
            } else {
                None
            }
            .filter(|&b| b > 0);
            self.in_roll = Some(InRoll { taken, ..r });
            self.set_board(after);
            let over = search.is_over(&next);
            let may_end_roll = !over && search.is_legal_end(&next);
            let roll_end = over.then(|| self.finish_roll(search, &next, r.roll));
            Ok(StepReport { captured, bonus_earned, reached_home, roll_end, may_end_roll })
        })
    }

    /// Whether the roll in progress may end now ([`GameState::end_roll`]): the steps taken
    /// form a legal play, and also begin a longer one ([`GameState::apply_step`]).
    #[must_use]
    pub fn can_end_roll(&self) -> bool {
        self.in_roll.is_some_and(|r| {
            !self.is_finished()
                && RollSearch::with(&self.roll_start(r.start, r.roll), |search| {
                    search.is_legal_end(&search.follow(r.taken.steps()))
                })
        })
    }

    /// Ends the roll in progress where the steps taken form a legal play that could also go
    /// on ([`StepReport::may_end_roll`]). A roll whose steps allow nothing else ends by
    /// itself, with the step that completes its play.
    ///
    /// ```
    /// use parcheesi::{GameState, Position, Roll, Rules};
    ///
    /// // Under `hasbro`, blue's pair on 28 rolls 4-4 (4, 4, 3 and 3), beside pawns on h3 and h5.
    /// let position: Position = "b:28,28,h3,h5 y:56,58,9,9 b 0".parse()?;
    /// let mut state = GameState::from_position(Rules::hasbro().with_seats(position.seats()), position)?;
    /// state.roll(Roll::new(4, 4)?)?;
    /// for step in ["28-31", "31-34", "34-h3"] {
    ///     assert!(!state.apply_step(step.parse()?)?.may_end_roll);
    /// }
    /// // If the pawn of the pair goes home, its bonus takes the other to h3 (the pair parts);
    /// // if the other pawn goes, the bonus cannot be spent and the play is over.
    /// let report = state.apply_step("h3-home".parse()?)?;
    /// assert!(report.may_end_roll && report.roll_end.is_none());
    /// assert_eq!(state.legal_steps(), ["28-h3".parse()?]);
    /// let end = state.end_roll()?;
    /// assert_eq!(end.forfeited_bonuses, 1);
    /// assert_eq!(state.position().to_string(), "b:28,h3,h5,home y:56,58,9,9 b 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`EndRollError`] if no roll is in progress, the game is over, or the steps taken are
    /// not a legal play; the state is then unchanged.
    pub fn end_roll(&mut self) -> Result<RollEnd, EndRollError> {
        if self.is_finished() {
            return Err(EndRollError::GameOver);
        }
        let r = self.in_roll.ok_or(EndRollError::NoRoll)?;
        RollSearch::with(&self.roll_start(r.start, r.roll), |search| {
            let current = search.follow(r.taken.steps());
            if !search.is_legal_end(&current) {
                return Err(EndRollError::Incomplete);
            }
            Ok(self.finish_roll(search, &current, r.roll))
        })
    }

    /// Rolls `roll` and applies `play`, which must be a whole legal play.
    ///
    /// The play is read whole: where two pawns of the mover on one square could make a step,
    /// the one that keeps the play legal moves (RULES.md 6.2). Its steps taken one at a time
    /// with [`GameState::apply_step`] lead to the same state, ended with
    /// [`GameState::end_roll`] where the roll could go on.
    ///
    /// # Errors
    /// [`PlayError`] if the roll cannot be made, a step is illegal, or the play stops before
    /// the roll ends; the state is then unchanged. A step is illegal for the reason
    /// [`GameState::apply_step`] would give; when the roll allows no step at all, the first
    /// step says why (a third doubles is [`StepError::ThirdDoubles`]), and a step after steps
    /// that ended the roll (a legal play that no legal step continues) is
    /// [`StepError::RollOver`] ([`StepError::GameOver`] after a win).
    pub fn apply_play(&mut self, roll: Roll, play: &Play) -> Result<TurnChange, PlayError> {
        let mut next = *self;
        let steps = play.steps();
        let turn = match next.roll(roll)? {
            RollReport::Started(_) => next.finish_play(steps)?,
            // A roll that ends at once allows no step: say why the first one is not legal.
            RollReport::Forfeited(end) => match steps.first() {
                Some(&step) => {
                    return Err(PlayError::Step { index: 1, step, error: self.explain_first(roll, step) });
                }
                None => end.turn,
            },
            RollReport::Penalty { next, .. } => match steps.first() {
                Some(&step) => {
                    return Err(PlayError::Step { index: 1, step, error: StepError::ThirdDoubles });
                }
                None => TurnChange::PassedTo(next),
            },
        };
        *self = next;
        Ok(turn)
    }

    /// Takes `steps`, read whole, as the play of the roll just started, and ends the roll.
    fn finish_play(&mut self, steps: &[Step]) -> Result<TurnChange, PlayError> {
        let Some(r) = self.in_roll else {
            return Err(PlayError::Incomplete);
        };
        RollSearch::with(&self.roll_start(r.start, r.roll), |search| {
            let mut current = search.follow([]);
            for (i, &step) in steps.iter().enumerate() {
                let valid = step.is_on_board();
                let next = if valid { search.follow_step(&current, step) } else { Default::default() };
                if next.is_empty() {
                    let error = if self.is_finished() {
                        StepError::GameOver
                    } else if search.is_over(&current) {
                        StepError::RollOver
                    } else if !valid {
                        StepError::NoRoute(step.from, step.to)
                    } else {
                        self.explain(search, &current, step)
                    };
                    return Err(PlayError::Step { index: i + 1, step, error });
                }
                current = next;
                // `explain` reads the board the next step starts from.
                self.set_board(search.board_at(&current));
            }
            if !search.is_legal_end(&current) {
                return Err(PlayError::Incomplete);
            }
            Ok(self.finish_roll(search, &current, r.roll).turn)
        })
    }

    /// Sets the pawns to `board`, which the roll's search gives in canonical order.
    fn set_board(&mut self, board: Board) {
        self.position.pawns = board;
    }

    fn finish_roll(&mut self, search: &RollSearch, current: &[u32], roll: Roll) -> RollEnd {
        let (dice, bonuses, _) = search.amounts_at(current[0]);
        let forfeited_bonuses = bonuses.iter().filter(|&&b| b != 0).count() as u8;
        let turn = self.after_play(search.board_at(current), roll);
        RollEnd { forfeited_dice: dice, forfeited_bonuses, turn }
    }

    /// Section 4 after a play: the win, rolling again after doubles, or passing the turn.
    fn after_play(&mut self, board: Board, roll: Roll) -> TurnChange {
        self.in_roll = None;
        self.set_board(board);
        let seat = self.mover();
        // Only the mover's pawns go home during its roll, and no one had won before it.
        if self.position.pawns[seat.index()] == [code::HOME; 4] {
            self.position.doubles = 0;
            return TurnChange::Won(seat);
        }
        if roll.is_doubles() {
            // Without the penalty no count is kept: it is 0 (RULES.md section 4), also after a
            // position read with another.
            self.position.doubles = match self.rules.three_doubles {
                ThreeDoubles::Penalty => self.position.doubles + 1,
                ThreeDoubles::NoPenalty => 0,
            };
            return TurnChange::RollAgain;
        }
        self.end_turn(seat)
    }

    fn end_turn(&mut self, seat: Seat) -> TurnChange {
        self.age_blockades(seat);
        let next = self.position.seats.next_after(seat).unwrap_or(seat);
        self.position.mover = next;
        self.position.doubles = 0;
        TurnChange::PassedTo(next)
    }

    /// The third-doubles penalty: the pawn nearest home goes back to its nest, the turn passes.
    fn penalise(&mut self) -> Option<Location> {
        let seat = self.mover();
        let pawns = &mut self.position.pawns[seat.index()];
        let nearest = (0..4)
            .filter(|&i| code::is_square(pawns[i]))
            .min_by_key(|&i| Location::from_code(pawns[i]).steps_to_home(seat));
        let from = nearest.map(|i| {
            let from = Location::from_code(pawns[i]);
            pawns[i] = code::NEST;
            from
        });
        self.position.sort_seat(seat);
        self.end_turn(seat);
        from
    }

    /// At the end of `seat`'s turn, each of its blockades has stood one more turn.
    fn age_blockades(&mut self, seat: Seat) {
        if self.rules.blockade_limit.is_none() {
            return;
        }
        let own = self.position.pawns[seat.index()];
        let old = self.ages[seat.index()];
        let mut new = [(0u8, 0u8); 2];
        let mut n = 0;
        for (i, &c) in own.iter().enumerate() {
            if code::is_square(c) && i > 0 && own[i - 1] == c && n < 2 {
                let turns = old.iter().find(|a| a.0 == c).map_or(0, |a| a.1);
                new[n] = (c, turns.saturating_add(1));
                n += 1;
            }
        }
        self.ages[seat.index()] = new;
    }

    /// Why `step` begins no legal play of `roll` from this state, which awaits the roll and
    /// for which it is forfeited.
    fn explain_first(&self, roll: Roll, step: Step) -> StepError {
        if !step.is_on_board() {
            return StepError::NoRoute(step.from, step.to);
        }
        RollSearch::with(&self.roll_start(self.position.pawns, roll), |search| {
            self.explain(search, &search.follow([]), step)
        })
    }

    fn explain(&self, search: &RollSearch, current: &[u32], step: Step) -> StepError {
        let seat = search.seat();
        if let Some(rejection) = search.rejection(current, step) {
            return match rejection {
                Rejection::BlockadeTogether => StepError::MovesBlockadeTogether,
                Rejection::AllOrNothing => StepError::AllOrNothing,
                Rejection::MostDice => StepError::MustUseMostDice,
                Rejection::MustEnter => StepError::MustEnter,
                Rejection::LargerDie => StepError::MustUseLargerDie,
                Rejection::OverdueBlockade => StepError::MustBreakBlockade,
            };
        }
        // Section 2 does not allow the step: find the first reason.
        let pos = &self.position;
        let (n_from, _) = pos.pawns_at(step.from, seat);
        if n_from == 0 || step.from == Location::Home {
            return StepError::NoPawn { seat, from: step.from };
        }
        let Some((needed, path, mandatory_violation)) = self.geometry(step) else {
            return StepError::NoRoute(step.from, step.to);
        };
        if mandatory_violation {
            return StepError::MustTakeHomeRow;
        }
        let (dice, bonuses, dice_over) =
            current.first().map_or((Amounts::default(), [0; 4], false), |&i| search.amounts_at(i));
        let after_dice = self.rules.bonus_timing == BonusTiming::AfterDice;
        let is_die = if step.from == Location::Nest {
            dice.as_slice().contains(&5)
                || (dice.as_slice().contains(&1) && dice.as_slice().contains(&4))
                || (dice.as_slice().contains(&2) && dice.as_slice().contains(&3))
        } else {
            dice.as_slice().contains(&needed)
        };
        let is_bonus = step.from != Location::Nest && bonuses.contains(&needed);
        if is_die && after_dice && dice_over && !is_bonus {
            return StepError::DiceForfeited(needed);
        }
        if is_bonus && after_dice && !dice_over && !is_die {
            return StepError::BonusNotYet(needed);
        }
        if !is_die && !is_bonus {
            let larger = dice.as_slice().iter().chain(&bonuses).any(|&a| a > needed);
            if step.to == Location::Home && larger {
                return StepError::OvershootsHome { needed };
            }
            return StepError::AmountNotAvailable { needed };
        }
        for loc in path {
            if pos.pawns_at(loc, seat).0 == 2 {
                return StepError::PassesBlockade(loc);
            }
        }
        let (n_to, owner) = pos.pawns_at(step.to, seat);
        if step.from == Location::Nest && n_to == 2 {
            return StepError::EntryBlocked(step.to);
        }
        if n_to == 2 {
            return StepError::LandsOnBlockade(step.to);
        }
        if let Location::Ring(q) = step.to
            && n_to == 1
            && owner != Some(seat)
            && q.is_safety()
        {
            return StepError::LandsOnSafety(step.to);
        }
        // Only reachable if the roll's search disagrees with this reading of section 2.
        StepError::AmountNotAvailable { needed }
    }

    /// The amount a step needs, the squares strictly between its ends, and whether it passes
    /// the exit square on the ring against a mandatory home row; `None` if no route exists.
    fn geometry(&self, step: Step) -> Option<(u8, Vec<Location>, bool)> {
        let seat = self.mover();
        let exit = seat.exit();
        match (step.from, step.to) {
            (Location::Nest, Location::Ring(q)) if q == seat.entry() => Some((5, Vec::new(), false)),
            (Location::Ring(a), Location::Ring(b)) if a != b => {
                let k = a.steps_to(b);
                let path = (1..k).map(|i| Location::Ring(a.advance(i))).collect();
                let passes_exit = a.steps_to(exit) < k;
                Some((k, path, passes_exit && self.rules.home_row == HomeRow::Mandatory))
            }
            (Location::Ring(a), end @ (Location::HomeRow(_) | Location::Home)) => {
                let j = a.steps_to(exit);
                let r = match end {
                    Location::HomeRow(h) => h + 1,
                    _ => 8,
                };
                let mut path: Vec<Location> = (1..=j).map(|i| Location::Ring(a.advance(i))).collect();
                path.extend((0..r - 1).map(Location::HomeRow));
                Some((j + r, path, false))
            }
            (Location::HomeRow(h), end @ (Location::HomeRow(_) | Location::Home)) => {
                let t = match end {
                    Location::HomeRow(t) => t,
                    _ => 7,
                };
                (t > h).then(|| (t - h, (h + 1..t).map(Location::HomeRow).collect(), false))
            }
            _ => None,
        }
    }
}

/// Serde for [`GameState`] goes through a plain form and the same validation as everything
/// else: the rules and positions are checked, and a roll in progress is replayed step by step
/// from its start, so no input can produce a state the engine could not have reached.
#[cfg(feature = "serde")]
mod serde_form {
    use alloc::format;
    use alloc::vec::Vec;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{GameState, InRoll, RollReport};
    use crate::board::{Location, Seat, code};
    use crate::dice::Roll;
    use crate::moves::Play;
    use crate::position::Position;
    use crate::rules::Rules;

    #[derive(Serialize, Deserialize)]
    struct BlockadeAge {
        seat: Seat,
        square: Location,
        turns: u8,
    }

    #[derive(Serialize, Deserialize)]
    struct RollInProgress {
        dice: Roll,
        start: Position,
        steps: Play,
    }

    #[derive(Serialize, Deserialize)]
    struct Form {
        rules: Rules,
        position: Position,
        blockade_ages: Vec<BlockadeAge>,
        roll: Option<RollInProgress>,
    }

    impl Serialize for GameState {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut blockade_ages = Vec::new();
            for seat in Seat::ALL {
                for &(c, turns) in &self.ages[seat.index()] {
                    if c != 0 {
                        blockade_ages.push(BlockadeAge { seat, square: Location::from_code(c), turns });
                    }
                }
            }
            let roll = self.in_roll.map(|r: InRoll| RollInProgress {
                dice: r.roll,
                start: Position { pawns: r.start, ..self.position },
                steps: r.taken.play(),
            });
            Form { rules: self.rules, position: self.position, blockade_ages, roll }.serialize(s)
        }
    }

    impl<'de> Deserialize<'de> for GameState {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<GameState, D::Error> {
            use serde::de::Error;
            let form = Form::deserialize(d)?;
            let start = form.roll.as_ref().map_or(form.position, |r| r.start);
            if start.mover != form.position.mover || start.doubles != form.position.doubles {
                return Err(D::Error::custom("the roll's start has another mover or doubles count"));
            }
            let mut state = GameState::from_position(form.rules, start).map_err(D::Error::custom)?;
            for age in &form.blockade_ages {
                let c = age.square.code();
                let slots = &mut state.ages[age.seat.index()];
                let free = slots.iter_mut().find(|a| a.0 == 0);
                match free {
                    Some(slot)
                        if state.position.seats.contains(age.seat)
                            && age.square.is_valid()
                            && code::is_square(c)
                            && age.turns > 0 =>
                    {
                        *slot = (c, age.turns);
                    }
                    _ => return Err(D::Error::custom("invalid blockade age")),
                }
            }
            // Kept as the engine keeps them, least advanced first, so that one state has one
            // form whatever order its ages were given in.
            for seat in state.position.seats.iter() {
                let [a, b] = &mut state.ages[seat.index()];
                if a.0 != 0 && a.0 == b.0 {
                    return Err(D::Error::custom("invalid blockade age: a square given twice"));
                }
                let progress = |c: u8| Location::from_code(c).progress(seat);
                if b.0 != 0 && progress(a.0) > progress(b.0) {
                    core::mem::swap(a, b);
                }
            }
            if let Some(r) = form.roll {
                match state.roll(r.dice).map_err(D::Error::custom)? {
                    RollReport::Started(_) => {}
                    _ => return Err(D::Error::custom("the roll in progress ended at once")),
                }
                for (i, &step) in r.steps.steps().iter().enumerate() {
                    let report = state
                        .apply_step(step)
                        .map_err(|e| D::Error::custom(format!("step {} ({step}): {e}", i + 1)))?;
                    if report.roll_end.is_some() {
                        return Err(D::Error::custom("the steps end the roll in progress"));
                    }
                }
            }
            if state.position != form.position {
                return Err(D::Error::custom("the position is not where the roll's steps lead"));
            }
            Ok(state)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Text;
    use alloc::string::ToString;
    use rand::SeedableRng;

    /// Twin rolls give the same outcomes in the same order (perft and the search bot count on
    /// it), and they are exactly `d-d` and `(7-d)-(7-d)` with every pawn of the mover out of
    /// its nest.
    #[test]
    fn twin_rolls_have_the_same_outcomes() {
        for rules in [Rules::seed(), Rules::hasbro(), Rules::racket()] {
            let mut dice = rand_chacha::ChaCha8Rng::seed_from_u64(7);
            let mut state = GameState::new(rules).expect("rules");
            let (mut out, mut twins_seen) = (Vec::new(), 0);
            for n in 0..600 {
                if state.is_finished() {
                    break;
                }
                let twins = state.earlier_twins();
                for (i, &roll) in Roll::DISTINCT.iter().enumerate() {
                    if let Some(j) = twins[i] {
                        twins_seen += 1;
                        let twin = Roll::DISTINCT[j];
                        assert_eq!(
                            (twin.first.value(), twin.second.value()),
                            (7 - roll.first.value(), 7 - roll.second.value())
                        );
                        assert_eq!(state.outcomes(roll), state.outcomes(twin), "{roll} {twin}");
                    }
                }
                let in_nest = state.position.pawns[state.mover().index()].contains(&code::NEST);
                assert_eq!(twins.iter().flatten().count(), if in_nest { 0 } else { 3 });
                state.outcomes_into(Roll::random(&mut dice), &mut out).expect("awaits a roll");
                state = out[n % out.len()].state;
            }
            assert!(twins_seen > 0);
        }
    }

    /// `outcome_positions` gives each outcome's position, in the order of the outcomes: for
    /// all 21 rolls of every state of games under every preset and under a blockade time
    /// limit (whose ages a position does not carry), tagged pairs, third doubles and won
    /// games included; and nothing but the error for a state that does not await a roll.
    /// Without a blockade time limit, as its docs say, each position is all of the state
    /// after the outcome (`from_position` gives that state back); with one, it is not. What
    /// the text interface writes lines from, `outcome_positions_and_plays`, has the same
    /// positions and writes the same plays.
    #[test]
    fn outcome_positions_are_the_positions_of_the_outcomes() {
        let limit = Rules { blockade_limit: Some(1), ..Rules::seed() };
        let (mut outcomes, mut positions, mut lines) = (Vec::new(), Vec::new(), Vec::new());
        let (mut wins, mut third_doubles, mut aged) = (0, 0, 0);
        for rules in [Rules::seed(), Rules::hasbro(), Rules::racket(), limit] {
            let mut dice = rand_chacha::ChaCha8Rng::seed_from_u64(3);
            let mut state = GameState::new(rules).expect("rules");
            for n in 0..2000 {
                if state.is_finished() {
                    break;
                }
                third_doubles += usize::from(state.position.doubles == 2);
                for roll in Roll::DISTINCT {
                    state.outcomes_into(roll, &mut outcomes).expect("awaits a roll");
                    state.outcome_positions_into(roll, &mut positions).expect("awaits a roll");
                    assert!(
                        positions.iter().copied().eq(outcomes.iter().map(|o| o.state.position)),
                        "{} {roll}",
                        state.position
                    );
                    wins += positions.iter().filter(|p| p.is_finished()).count();
                    let mut handed = false;
                    let result = state.outcome_positions_and_plays(roll, &mut lines, |found, play_of| {
                        assert_eq!(found, &positions[..], "{} {roll}", state.position);
                        for (k, outcome) in outcomes.iter().enumerate() {
                            let (mut codes, mut text) = (PlayCodes::EMPTY, Text::<256>::new());
                            play_of(k, &mut codes);
                            codes.push_to(&mut text.cursor());
                            assert_eq!(text.as_str(), outcome.play.to_string(), "{} {roll}", state.position);
                        }
                        handed = true;
                    });
                    assert!(result.is_ok() && handed);
                    for (position, outcome) in positions.iter().zip(&outcomes) {
                        let same = GameState::from_position(rules, *position) == Ok(outcome.state);
                        assert!(same || rules.blockade_limit.is_some(), "{} {roll}", state.position);
                        aged += usize::from(!same);
                    }
                }
                let roll = Roll::random(&mut dice);
                let mut rolling = state;
                if let Ok(RollReport::Started(_)) = rolling.roll(roll) {
                    assert_eq!(
                        rolling.outcome_positions_into(roll, &mut positions),
                        Err(RollError::RollInProgress)
                    );
                    assert!(positions.is_empty());
                    let result =
                        rolling.outcome_positions_and_plays(roll, &mut lines, |_, _| panic!("handed on"));
                    assert_eq!(result, Err(RollError::RollInProgress));
                }
                state.outcomes_into(roll, &mut outcomes).expect("awaits a roll");
                state = outcomes[n % outcomes.len()].state;
            }
            assert!(state.is_finished());
            positions.push(state.position);
            assert_eq!(state.outcome_positions(Roll::DISTINCT[0]), Err(RollError::GameOver));
            assert_eq!(
                state.outcome_positions_into(Roll::DISTINCT[0], &mut positions),
                Err(RollError::GameOver)
            );
            assert!(positions.is_empty());
            let result =
                state.outcome_positions_and_plays(Roll::DISTINCT[0], &mut lines, |_, _| panic!("handed on"));
            assert_eq!(result, Err(RollError::GameOver));
        }
        assert!(wins > 0 && third_doubles > 0 && aged > 0, "{wins} {third_doubles} {aged}");
    }

    /// `choices` gives `outcomes`, each built as asked, for all 21 rolls of every state of
    /// games under every preset and a blockade time limit (penalties, passed rolls and wins
    /// included), nothing past its end, and nothing but the error for a state that does not
    /// await a roll. Searches made inside it (as a player looking ahead makes them, one and
    /// two levels deep) give what they give outside it and leave its outcomes as they were.
    #[test]
    fn choices_are_the_outcomes_built_as_asked() {
        let limit = Rules { blockade_limit: Some(1), ..Rules::seed() };
        let (mut outcomes, mut inner) = (Vec::new(), Vec::new());
        let (mut settled, mut wins) = (0, 0);
        for rules in [Rules::seed(), Rules::hasbro(), Rules::racket(), limit] {
            let mut dice = rand_chacha::ChaCha8Rng::seed_from_u64(5);
            let mut state = GameState::new(rules).expect("rules");
            for n in 0..400 {
                if state.is_finished() {
                    break;
                }
                for (i, roll) in Roll::DISTINCT.into_iter().enumerate() {
                    state.outcomes_into(roll, &mut outcomes).expect("awaits a roll");
                    let other = Roll::DISTINCT[(i + 7) % 21];
                    let other_outcomes = state.outcomes(other).expect("awaits a roll");
                    let calls = state.choices(roll, |choices| {
                        assert_eq!((choices.state(), choices.roll()), (&state, roll));
                        assert_eq!(choices.len(), outcomes.len());
                        assert!(!choices.is_empty());
                        // A search inside, and one inside that, of another roll.
                        state.outcomes_into(other, &mut inner).expect("awaits a roll");
                        assert_eq!(inner, other_outcomes, "{} {other} in {roll}", state.position);
                        let nested = state.choices(other, |c| c.outcomes().collect::<Vec<_>>());
                        assert_eq!(nested.as_ref(), Ok(&other_outcomes));
                        let deeper = state.choices(other, |_| state.outcomes(roll));
                        assert_eq!(deeper, Ok(Ok(outcomes.clone())));
                        for (k, o) in outcomes.iter().enumerate() {
                            assert_eq!(
                                choices.position(k),
                                Some(o.state.position),
                                "{} {roll}",
                                state.position
                            );
                            assert_eq!(choices.outcome(k).as_ref(), Some(o), "{} {roll}", state.position);
                        }
                        assert!(choices.positions().eq(outcomes.iter().map(|o| o.state.position)));
                        assert!(choices.outcomes().eq(outcomes.iter().copied()));
                        assert_eq!(choices.positions().len(), outcomes.len());
                        assert_eq!(choices.position(outcomes.len()), None);
                        assert_eq!(choices.outcome(outcomes.len()), None);
                        1
                    });
                    assert_eq!(calls, Ok(1));
                    settled += usize::from(outcomes.len() == 1 && outcomes[0].play.is_empty());
                    wins += outcomes.iter().filter(|o| o.state.is_finished()).count();
                }
                let roll = Roll::random(&mut dice);
                let mut rolling = state;
                if let Ok(RollReport::Started(_)) = rolling.roll(roll) {
                    let result = rolling.choices(roll, |_| panic!("called"));
                    assert_eq!(result, Err(RollError::RollInProgress));
                }
                state.outcomes_into(roll, &mut outcomes).expect("awaits a roll");
                state = outcomes[n % outcomes.len()].state;
            }
            if state.is_finished() {
                let result = state.choices(Roll::DISTINCT[0], |_| panic!("called"));
                assert_eq!(result, Err(RollError::GameOver));
            }
        }
        assert!(settled > 0 && wins > 0, "{settled} {wins}");
    }

    /// `random_outcome` is the state of the outcome of the index it draws, in the order of
    /// `outcomes`, under every preset and a blockade time limit (where a position is not the
    /// whole state), penalties and wins included; it draws a word only when there is a choice;
    /// and over many draws from one roll it draws every outcome, about equally often.
    #[test]
    fn random_outcomes_are_outcomes_drawn_uniformly() {
        use rand::RngExt;
        let limit = Rules { blockade_limit: Some(1), ..Rules::seed() };
        let mut outcomes = Vec::new();
        let (mut drawn, mut penalties, mut wins) = (0, 0, 0);
        for rules in [Rules::seed(), Rules::hasbro(), Rules::racket(), limit] {
            let mut dice = rand_chacha::ChaCha8Rng::seed_from_u64(9);
            let mut state = GameState::new(rules).expect("rules");
            while !state.is_finished() {
                for roll in Roll::DISTINCT {
                    state.outcomes_into(roll, &mut outcomes).expect("awaits a roll");
                    let seed = dice.random::<u64>();
                    let (mut a, mut b) = (
                        rand_chacha::ChaCha8Rng::seed_from_u64(seed),
                        rand_chacha::ChaCha8Rng::seed_from_u64(seed),
                    );
                    // The index of the draw, worked out here: one word, modulo the count (the
                    // words rejected, the top `2^64 mod n`, never come up in a test).
                    let n = outcomes.len() as u64;
                    let k = if n == 1 { 0 } else { (b.random::<u64>() % n) as usize };
                    assert_eq!(
                        state.random_outcome(roll, &mut a),
                        Ok(outcomes[k].state),
                        "{} {roll}",
                        state.position
                    );
                    // The same words drawn: the next word of each is the same.
                    assert_eq!(a.random::<u64>(), b.random::<u64>());
                    drawn += 1;
                    penalties += usize::from(state.position.doubles == 2 && roll.is_doubles());
                    wins += usize::from(outcomes[k].state.is_finished());
                }
                let roll = Roll::random(&mut dice);
                state = state.random_outcome(roll, &mut dice).expect("awaits a roll");
            }
            assert_eq!(state.random_outcome(Roll::DISTINCT[0], &mut dice), Err(RollError::GameOver));
        }
        assert!(drawn > 1000 && penalties > 0 && wins > 0, "{drawn} {penalties} {wins}");
        // One word per draw when there is a choice, none when there is not.
        let start = GameState::new(Rules::seed()).expect("rules");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut copy = rng.clone();
        let one = Roll::new(1, 2).expect("a roll");
        assert_eq!(start.outcomes(one).map(|o| o.len()), Ok(1));
        assert_eq!(
            start.random_outcome(one, &mut rng),
            Ok(start.outcomes(one).expect("awaits a roll")[0].state)
        );
        assert_eq!(rng.random::<u64>(), copy.random::<u64>());
        // Every outcome of a roll with many, drawn about equally often.
        let all_out: Position =
            "g:10,20,30,40 r:27,37,47,57 b:44,54,64,6 y:61,3,13,23 g 0".parse().expect("a position");
        let state = GameState::from_position(Rules::seed(), all_out).expect("a state");
        let roll = Roll::new(2, 5).expect("a roll");
        state.outcomes_into(roll, &mut outcomes).expect("awaits a roll");
        let mut counts = vec![0u32; outcomes.len()];
        let draws = 400 * outcomes.len() as u32;
        for _ in 0..draws {
            let next = state.random_outcome(roll, &mut rng).expect("awaits a roll");
            let k = outcomes.iter().position(|o| o.state == next).expect("an outcome");
            counts[k] += 1;
        }
        assert!(outcomes.len() > 10, "{}", outcomes.len());
        assert!(counts.iter().all(|&c| (300..500).contains(&c)), "{counts:?}");
    }

    /// A roll that no pawn of the mover can use (none stands on a square, and the roll has
    /// no 5 and no two dice summing to 5) has the empty play as its one outcome, given with
    /// no search: exactly what the search finds, and what playing the empty play gives, for
    /// every roll of every state of games under every preset and a blockade time limit. And
    /// such rolls come up, with pawns waiting in the nest. Then positions written out: pawns
    /// at home with the others in the nest, and a pawn in the home row, which can move.
    #[test]
    fn rolls_no_pawn_can_use_are_passed_without_a_search() {
        // The rule on its own terms (section 2.2), not as `cannot_move` words it.
        let enters = |roll: Roll| {
            let (a, b) = (roll.first.value(), roll.second.value());
            a == 5 || b == 5 || a + b == 5
        };
        let limit = Rules { blockade_limit: Some(1), ..Rules::seed() };
        let (mut out, mut positions) = (Vec::new(), Vec::new());
        for rules in [Rules::seed(), Rules::hasbro(), Rules::racket(), limit] {
            let mut dice = rand_chacha::ChaCha8Rng::seed_from_u64(3);
            let mut state = GameState::new(rules).expect("rules");
            let mut passed = 0;
            for n in 0..3000 {
                if state.is_finished() {
                    break;
                }
                for roll in Roll::DISTINCT {
                    let searched = Ends::with(&state.roll_start(state.position.pawns, roll), |ends| {
                        let mut play = Play::EMPTY;
                        let board = ends.board_and_play(0, &mut play);
                        (ends.len(), board, play)
                    });
                    let pawns = state.position.pawns[state.mover().index()];
                    let none_out = pawns.iter().all(|&c| !code::is_square(c));
                    assert_eq!(
                        state.cannot_move(roll),
                        none_out && !enters(roll),
                        "{} {roll}",
                        state.position
                    );
                    if !state.cannot_move(roll) || state.is_third_doubles(roll) {
                        continue;
                    }
                    passed += 1;
                    assert_eq!(searched, (1, state.position.pawns, Play::EMPTY), "{} {roll}", state.position);
                    let mut played = state;
                    assert!(played.apply_play(roll, &Play::EMPTY).is_ok());
                    state.outcomes_into(roll, &mut out).expect("awaits a roll");
                    assert_eq!(out, [Outcome { state: played, play: Play::EMPTY }]);
                    state.outcome_positions_into(roll, &mut positions).expect("awaits a roll");
                    assert_eq!(positions, [played.position]);
                    assert_eq!(state.outcome_count(roll), Ok(1));
                    assert_eq!(state.legal_plays(roll), Ok(vec![Play::EMPTY]));
                }
                state.outcomes_into(Roll::random(&mut dice), &mut out).expect("awaits a roll");
                state = out[n % out.len()].state;
            }
            assert!(passed > 100, "{passed}");
        }
        for (text, none_out) in [
            ("g:n,n,n,home r:n,n,n,n g 0", true),
            ("g:n,n,home,home r:n,n,n,n g 1", true),
            ("g:n,home,home,home r:n,n,n,n g 0", true),
            ("g:n,n,n,n r:n,n,n,home g 0", true),
            ("g:n,n,home,h6 r:n,n,n,n g 0", false),
            ("g:n,n,n,40 r:n,n,n,n g 0", false),
        ] {
            let position: Position = text.parse().expect("a position");
            let state = GameState::from_position(Rules::seed().with_seats(position.seats), position)
                .expect("a state");
            for roll in Roll::DISTINCT {
                let passes = none_out && !enters(roll);
                assert_eq!(state.cannot_move(roll), passes, "{text} {roll}");
                if passes {
                    let mut played = state;
                    assert!(played.apply_play(roll, &Play::EMPTY).is_ok());
                    assert_eq!(state.outcomes(roll), Ok(vec![Outcome { state: played, play: Play::EMPTY }]));
                }
            }
        }
    }

    /// The counts perft takes at its last level are each roll's `outcome_count`: over games
    /// under every preset (third doubles and the won game included) and for a state in the
    /// middle of a roll, with a search of another position in between, so that the rolls of
    /// one position follow a generator kept from elsewhere.
    #[test]
    fn outcome_counts_are_those_of_each_roll() {
        let each = |s: &GameState| Roll::DISTINCT.map(|roll| s.outcome_count(roll).unwrap_or(0));
        for rules in [Rules::seed(), Rules::hasbro(), Rules::racket()] {
            let mut dice = rand_chacha::ChaCha8Rng::seed_from_u64(11);
            let mut state = GameState::new(rules).expect("rules");
            let (mut out, mut third_doubles) = (Vec::new(), 0);
            for n in 0..2000 {
                assert_eq!(state.outcome_counts(), each(&state), "{}", state.position);
                if state.is_finished() {
                    break;
                }
                third_doubles += usize::from(state.position.doubles == 2);
                let roll = Roll::random(&mut dice);
                let mut rolling = state;
                if let Ok(RollReport::Started(_)) = rolling.roll(roll) {
                    assert_eq!(rolling.outcome_counts(), [0; 21]);
                }
                state.outcomes_into(roll, &mut out).expect("awaits a roll");
                state = out[n % out.len()].state;
            }
            assert!(state.is_finished() && third_doubles > 0, "{third_doubles}");
        }
    }
}
