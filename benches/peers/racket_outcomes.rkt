#lang racket
;; Racket's own Parcheesi rules (games/parcheesi) asked for the outcomes of positions in this
;; crate's notation, all 21 rolls each, to check the `racket` preset against them
;; (agree.sh). Racket moves the pawns (`make-one-move`, `blockade-moved?`); the search is
;; `search` of best-players.rkt with one change: complete states are kept by board and unused
;; amounts, where Racket keeps one per board, so that a board reached with every die spent is
;; not hidden by the same board reached with fewer. Racket's search has no filter; RULES.md's
;; 3.3.2 (the most die amounts) is applied here. A third doubles (doubles count 2), whose
;; outcome is the penalty and no search, is left out.
;; Usage: racket racket_outcomes.rkt < positions.txt
;; Prints one line per position and roll: `POSITION D1 D2 | BOARD | BOARD ...`, the distinct
;; boards in byte order, each the position's seat fields in canonical order.
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
  (define main (make-vector 68 '()))
  (define rows (for/list ([c colors]) (cons c (make-vector 7 '()))))
  (define home '())
  (define seats
    (for/list ([f seat-fields])
      (match-define (list letter locs) (string-split f ":"))
      (define color (letter->color letter))
      (for ([loc (string-split locs ",")] [id (in-naturals)])
        (define pawn (make-pawn color id))
        (cond
          [(equal? loc "n") (void)]
          [(equal? loc "home") (set! home (cons pawn home))]
          [(string-prefix? loc "h")
           (define v (cdr (assq color rows)))
           (define h (string->number (substring loc 1)))
           (vector-set! v h (cons pawn (vector-ref v h)))]
          [else (define q (string->number loc))
                (vector-set! main q (cons pawn (vector-ref main q)))]))
      color))
  (values (make-board '() main rows home) mover seats (string->number (last fields))))

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

;; best-players.rkt's search, keeping complete states by board and unused amounts.
(struct state (dice board))
(define (search orig-board color dice)
  (define seen (make-hash))
  (define complete (make-hash))
  (define (mem/rem x ls) (and (memq x ls) (remq x ls)))
  (define (remove-used-rolls move dice)
    (cond
      [(move-piece-main? move) (mem/rem (move-piece-main-distance move) dice)]
      [(move-piece-home? move) (mem/rem (move-piece-home-distance move) dice)]
      [(enter-piece? move)
       (or (mem/rem 5 dice)
           (and (memq 3 dice) (memq 2 dice) (remq 3 (remq 2 dice)))
           (and (memq 1 dice) (memq 4 dice) (remq 1 (remq 4 dice))))]))
  (define (find-moves board dice)
    (define moves '())
    (for-each-pawn/loc
     board
     (lambda (pawn loc)
       (when (eq? (pawn-color pawn) color)
         (cond
           [(eq? loc 'start) (set! moves (cons (make-enter-piece pawn) moves))]
           [(number? loc)
            (set! moves (append (map (lambda (d) (make-move-piece-main pawn loc d)) dice) moves))]
           [(home-row-loc? loc)
            (define h (home-row-loc-num loc))
            (set! moves (append (map (lambda (d) (make-move-piece-home pawn h d)) dice) moves))]
           [else (void)]))))
    moves)
  (define (next-states st)
    (filter-map
     (lambda (move)
       (with-handlers ([exn:bad-move? (lambda (x) #f)])
         (let-values ([(board bonus) (make-one-move (state-board st) move)])
           (define left (remove-used-rolls move (state-dice st)))
           (and left
                (not (blockade-moved? orig-board board color))
                (state (if bonus (cons bonus left) left) board)))))
     (find-moves (state-board st) (state-dice st))))
  (let loop ([st (state dice orig-board)])
    (define key (cons (sort (state-dice st) <) (state-board st)))
    (unless (hash-ref seen key #f)
      (hash-set! seen key #t)
      (define next (next-states st))
      (if (null? next)
          (hash-set! complete key st)
          (for-each loop next))))
  (hash-values complete))

(for ([line (in-lines)] #:when (> (string-length line) 0))
  (define-values (board color seats doubles) (parse line))
  (define all-out
    (for/and ([p (in-range 4)])
      (define pawn (make-pawn color p))
      (let/ec k
        (for-each-pawn/loc board (lambda (q loc) (when (and (equal? q pawn) (eq? loc 'start)) (k #f))))
        #t)))
  (for* ([d1 (in-range 1 7)] [d2 (in-range d1 7)] #:unless (and (= d1 d2) (= doubles 2)))
    (define dice (if (and (= d1 d2) all-out) (list d1 d1 (- 7 d1) (- 7 d1)) (list d1 d2)))
    (define ends (search board color dice))
    ;; Die amounts are 1 to 6, bonuses 10 and 20.
    (define (spent st) (- (length dice) (count (lambda (x) (<= x 6)) (state-dice st))))
    (define most (apply max 0 (map spent ends)))
    (define boards
      (remove-duplicates (for/list ([st ends] #:when (= (spent st) most))
                           (board->text (state-board st) seats))))
    (printf "~a ~a ~a | ~a\n" line d1 d2 (string-join (sort boards string<?) " | "))))
