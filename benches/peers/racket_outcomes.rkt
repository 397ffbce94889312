#lang racket
;; Asks Racket's own Parcheesi (games/parcheesi) for the outcomes of positions written in
;; this crate's notation, all 21 rolls each, to check a preset against it (agree.sh).
;;
;; Racket's code moves the pawns: `make-one-move` enters, follows the route, stops at
;; blockades in the way, lands, captures and pays the bonuses; `blockade-moved?` says whether
;; a starting blockade moved. This file searches each roll as RULES.md section 3 says, with
;; the preset's bonus timing, blockade rule and filters. It keeps the shape of `search` in
;; best-players.rkt, but not three of its choices: that search applies no filter, keeps one
;; complete state per board, and drops every step that moves a blockade (RULES.md judges a
;; play by where it ends).
;;
;; Racket's pawns always turn into the home row at their exit, where the `seed` rules let a
;; pawn go round again. That step is Racket's too: the mover's colour is swapped with one
;; whose exit is not on the way, for that one step (`ring-move`). The third-doubles penalty
;; is Racket's `board-doubles-penalty`.
;;
;; Usage: racket racket_outcomes.rkt PRESET [digest] < positions.txt
;; (PRESET: seed, hasbro or racket; `digest`: see the end of the file)
;; Prints one line per position and roll: `POSITION D1 D2 | OUTCOME | OUTCOME ...`, the
;; distinct outcomes in byte order, each as the text interface writes it (after section 4).
(require games/parcheesi/board games/parcheesi/moves)

(define colors '(green red blue yellow))
(define letters '("g" "r" "b" "y"))
(define (letter->color s) (list-ref colors (index-of letters s)))
(define (seat-index c) (index-of colors c))

;; "g:n,5,h3,home r:... g 0" -> (values board mover seats doubles-count)
(define (parse line)
  (define fields (string-split line " "))
  (define seat-fields (drop-right fields 2))
  (define mover (letter->color (list-ref fields (- (length fields) 2))))
  (define placed '())
  (define seats
    (for/list ([f seat-fields])
      (match-define (list letter locs) (string-split f ":"))
      (define color (letter->color letter))
      (for ([loc (string-split locs ",")] [id (in-naturals)])
        (define at
          (cond
            [(equal? loc "n") 'start]
            [(equal? loc "home") 'home]
            [(string-prefix? loc "h") (make-home-row-loc (string->number (substring loc 1)) color)]
            [else (string->number loc)]))
        (set! placed (cons (cons (make-pawn color id) at) placed)))
      color))
  (values (place placed) mover seats (string->number (last fields))))

;; The board with each pawn of `placed` (pawn . location) where it says; the rest in the nest.
(define (place placed)
  (define main (make-vector 68 '()))
  (define rows (for/list ([c colors]) (cons c (make-vector 7 '()))))
  (define home '())
  (for ([p placed])
    (match-define (cons pawn at) p)
    (cond
      [(eq? at 'start) (void)]
      [(eq? at 'home) (set! home (cons pawn home))]
      [(number? at) (vector-set! main at (cons pawn (vector-ref main at)))]
      [else (define v (cdr (assq (home-row-loc-color at) rows)))
            (define h (home-row-loc-num at))
            (vector-set! v h (cons pawn (vector-ref v h)))]))
  (make-board '() main rows home))

;; `board` with the colours `a` and `b` swapped: pawns, home rows and all.
(define (swap-colors board a b)
  (define (swap c) (cond [(eq? c a) b] [(eq? c b) a] [else c]))
  (define placed '())
  (for-each-pawn/loc
   board
   (lambda (pawn loc)
     (define at (if (home-row-loc? loc)
                    (make-home-row-loc (home-row-loc-num loc) (swap (home-row-loc-color loc)))
                    loc))
     (set! placed (cons (cons (make-pawn (swap (pawn-color pawn)) (pawn-id pawn)) at) placed))))
  (place placed))

(define (stays-on-ring? color q k)
  (define end (find-end-spot color q k))
  (and (pair? end) (eq? (car end) 'main)))

;; The step of `pawn` (of `color`) from ring square `q` by `k` along the ring past its exit,
;; made by Racket's `make-one-move` with the pawn's colour swapped with one whose exit is not
;; on the way: every rule but the turn into the home row depends only on which pawns share
;; a colour.
(define (ring-move board color pawn q k)
  (define other (for/first ([c colors] #:unless (eq? c color) #:when (stays-on-ring? c q k)) c))
  (let-values ([(moved earned)
                (make-one-move (swap-colors board color other)
                               (make-move-piece-main (make-pawn other (pawn-id pawn)) q k))])
    (values (swap-colors moved color other) earned)))

;; A location's place in canonical order and its text, for a pawn of `color`.
(define (rank+text color loc)
  (cond
    [(eq? loc 'start) (values 0 "n")]
    [(eq? loc 'home) (values 200 "home")]
    [(number? loc)
     (values (+ 1 (modulo (- loc (+ 5 (* 17 (seat-index color)))) 68)) (number->string loc))]
    [else (values (+ 100 (home-row-loc-num loc)) (format "h~a" (home-row-loc-num loc)))]))

(define (board->text board seats)
  (define locs (make-hash))
  (for-each-pawn/loc board (lambda (pawn loc)
                             (hash-update! locs (pawn-color pawn) (lambda (l) (cons loc l)) '())))
  (string-join
   (for/list ([c seats])
     (define ranked
       (for/list ([loc (hash-ref locs c)])
         (define-values (r t) (rank+text c loc))
         (cons r t)))
     (string-append (list-ref letters (seat-index c)) ":"
                    (string-join (map cdr (sort ranked < #:key car)) ",")))
   " "))

;; The preset's switches (RULES.md section 5).
(define preset (vector-ref (current-command-line-arguments) 0))
(unless (member preset '("seed" "hasbro" "racket")) (error "preset: seed, hasbro or racket"))
(define bonus-immediately? (equal? preset "racket"))
(define larger-die? (equal? preset "seed"))
(define hasbro? (equal? preset "hasbro")) ; must enter, all or nothing
(define optional-home-row? (equal? preset "seed")) ; may go round again

(define (nest-count board color)
  (define n 0)
  (for-each-pawn/loc board (lambda (pawn loc)
                             (when (and (eq? (pawn-color pawn) color) (eq? loc 'start))
                               (set! n (+ n 1)))))
  n)

;; A roll state: unused die amounts, pending bonuses, whether the dice phase is over, board.
(struct state (dice bonus over board))

;; The complete states of a roll (RULES.md 3.2).
(define (search orig-board color dice blockade-rule?)
  (define (valid? st)
    (not (and blockade-rule? (blockade-moved? orig-board (state-board st) color))))
  ;; Die amounts for entering: a 5, or two that add up to 5 (Racket's order of preference).
  (define (enter-dice dice)
    (define (rem x ls) (and (memv x ls) (remv x ls)))
    (or (rem 5 dice)
        (and (memv 3 dice) (memv 2 dice) (remv 3 (remv 2 dice)))
        (and (memv 1 dice) (memv 4 dice) (remv 1 (remv 4 dice)))))
  ;; The states one step after `st` (section 2), spending die amounts if `with-dice`,
  ;; bonuses if `with-bonus`.
  (define (steps st with-dice with-bonus)
    (define board (state-board st))
    (define out '())
    ;; `make`: the board after the step and the bonus it earns, or a bad-move exception.
    (define (try make dice bonus)
      (with-handlers ([exn:bad-move? void])
        (let-values ([(next earned) (make)])
          (set! out (cons (state dice (if earned (cons earned bonus) bonus) (state-over st) next)
                          out)))))
    (define amounts
      (remove-duplicates
       (append (if with-dice (map (lambda (d) (cons d 'die)) (state-dice st)) '())
               (if with-bonus (map (lambda (b) (cons b 'bonus)) (state-bonus st)) '()))))
    (for-each-pawn/loc
     board
     (lambda (pawn loc)
       (when (eq? (pawn-color pawn) color)
         (cond
           [(eq? loc 'start)
            (define left (and with-dice (enter-dice (state-dice st))))
            (when left
              (try (lambda () (make-one-move board (make-enter-piece pawn))) left (state-bonus st)))]
           [(eq? loc 'home) (void)]
           [else
            (for ([a amounts])
              (define k (car a))
              (define dice (if (eq? (cdr a) 'die) (remv k (state-dice st)) (state-dice st)))
              (define bonus (if (eq? (cdr a) 'bonus) (remv k (state-bonus st)) (state-bonus st)))
              (cond
                [(number? loc)
                 (try (lambda () (make-one-move board (make-move-piece-main pawn loc k))) dice bonus)
                 (when (and optional-home-row? (not (stays-on-ring? color loc k)))
                   (try (lambda () (ring-move board color pawn loc k)) dice bonus))]
                [else
                 (define h (home-row-loc-num loc))
                 (try (lambda () (make-one-move board (make-move-piece-home pawn h k))) dice bonus)]))]))))
    out)
  ;; RULES.md 2.4: with bonuses after dice, the dice phase ends when no die step is possible;
  ;; then the pending bonuses are spent (the die amounts left are forfeited).
  (define (children st)
    (cond
      [bonus-immediately? (steps st #t #t)]
      [(state-over st) (steps st #f #t)]
      [else
       (define die-steps (steps st #t #f))
       (cond
         [(pair? die-steps) die-steps]
         [(pair? (state-bonus st))
          (list (state (state-dice st) (state-bonus st) #t (state-board st)))]
         [else '()])]))
  (define (key st)
    (list (sort (state-dice st) <) (sort (state-bonus st) <) (state-over st) (state-board st)))
  ;; Whether a valid state is reachable from `st`, itself included; complete states kept.
  (define reach (make-hash))
  (define complete (make-hash))
  (define (visit st)
    (define k (key st))
    (hash-ref reach k
              (lambda ()
                (hash-set! reach k #f)
                (define beyond (for/fold ([any #f]) ([c (children st)]) (or (visit c) any)))
                (define self (valid? st))
                (when (and self (not beyond)) (hash-set! complete k st))
                (hash-set! reach k (or self beyond))
                (or self beyond))))
  (visit (state dice '() #f orig-board))
  (hash-values complete))

;; RULES.md 3.3: the filters, in order.
(define (legal-boards orig-board color dice ends)
  (define (spent st) (- (length dice) (length (state-dice st))))
  (define (pips st) (- (apply + dice) (apply + (state-dice st))))
  (define (entered st) (- (nest-count orig-board color) (nest-count (state-board st) color)))
  (define (keep-most measure sts)
    (define most (apply max 0 (map measure sts)))
    (filter (lambda (st) (= (measure st) most)) sts))
  (define all-spent (keep-most spent ends))
  (define legal
    (cond
      [(and hasbro? (= (length dice) 4) (not (ormap (lambda (st) (= (spent st) 4)) ends)))
       (list (state dice '() #f orig-board))]
      [else
       (let* ([l all-spent]
              [l (if hasbro? (keep-most entered l) l)]
              [l (if larger-die? (keep-most pips l) l)])
         l)]))
  (remove-duplicates (map state-board legal)))

;; The outcome of a play that leaves `board` (RULES.md section 4): the board, then who moves
;; next and the doubles count. The winner keeps the move.
(define (outcome board color seats doubles doubles-roll?)
  (define home (for/sum ([p (in-range 4)])
                 (if (eq? (pawn-location board (make-pawn color p)) 'home) 1 0)))
  (define-values (next count)
    (cond
      [(= home 4) (values color 0)]
      [doubles-roll? (values color (+ doubles 1))]
      [else (values (next-seat color seats) 0)]))
  (format "~a ~a ~a" (board->text board seats) (list-ref letters (seat-index next)) count))

(define (next-seat color seats)
  (define later (filter (lambda (c) (> (seat-index c) (seat-index color))) seats))
  (if (null? later) (car seats) (car later)))

(define (pawn-location board pawn)
  (let/ec k
    (for-each-pawn/loc board (lambda (p loc) (when (equal? p pawn) (k loc))))))

;; Whether the mover has a pawn on one of the four ring squares after its exit. Racket's
;; penalty (`board-doubles-penalty`) takes such a pawn as the nearest to home; RULES.md as the
;; farthest (it has the ring to go round before its home row). So a third doubles is left
;; out there.
(define (past-exit? board color)
  (for/or ([p (in-range 4)])
    (define loc (pawn-location board (make-pawn color p)))
    (and (number? loc) (<= 1 (modulo (- loc (* 17 (seat-index color))) 68) 4))))

;; The lines of one position, each with its newline.
(define (position-lines line)
  (define-values (board color seats doubles) (parse line))
  (define all-out (= 0 (nest-count board color)))
  (for*/list ([d1 (in-range 1 7)] [d2 (in-range d1 7)]
              #:unless (and (= d1 d2) (= doubles 2) (past-exit? board color)))
    (cond
      ;; RULES.md section 4: a third doubles sends the pawn nearest home back to its nest.
      [(and (= d1 d2) (= doubles 2))
       (define after (board-doubles-penalty board color))
       (format "~a ~a ~a | ~a ~a 0\n" line d1 d2 (board->text after seats)
               (list-ref letters (seat-index (next-seat color seats))))]
      [else
       (define dice (if (and (= d1 d2) all-out) (list d1 d1 (- 7 d1) (- 7 d1)) (list d1 d2)))
       (define blockade-rule? (or (not (equal? preset "seed")) (= d1 d2)))
       (define ends (search board color dice blockade-rule?))
       (define outcomes
         (for/list ([b (legal-boards board color dice ends)])
           (outcome b color seats doubles (= d1 d2))))
       (format "~a ~a ~a | ~a\n" line d1 d2
               (string-join (sort (remove-duplicates outcomes) string<?) " | "))])))

;; 64-bit FNV-1a of a string's bytes, in hex.
(define (fnv1a text)
  (define h
    (for/fold ([h #xcbf29ce484222325]) ([b (string->bytes/utf-8 text)])
      (bitwise-and (* (bitwise-xor h b) #x100000001b3) #xffffffffffffffff)))
  (~r h #:base 16 #:min-width 16 #:pad-string "0"))

;; With `digest` after the preset, one line per position instead: `PRESET|POSITION|DIGEST`,
;; the digest of all its lines (what tests/racket_agreement.rs checks the engine against).
(define digest? (and (> (vector-length (current-command-line-arguments)) 1)
                     (equal? (vector-ref (current-command-line-arguments) 1) "digest")))
(for ([line (in-lines)] #:when (> (string-length line) 0))
  (define lines (position-lines line))
  (if digest?
      (printf "~a|~a|~a\n" preset line (fnv1a (string-append* lines)))
      (for-each write-string lines)))
