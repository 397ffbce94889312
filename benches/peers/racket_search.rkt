#lang racket
;; Times Racket's complete-turn search (games/parcheesi, `search` in best-players.rkt) on
;; positions in this crate's notation, one per line, for all 21 distinct rolls each.
;; Usage: racket racket_search.rkt REPEATS < positions.txt
(require games/parcheesi/board games/parcheesi/best-players)

(define colors (vector 'green 'red 'blue 'yellow))
(define (letter->color s) (vector-ref colors (index-of '("g" "r" "b" "y") s)))

;; "g:n,5,h3,home r:... g 0" -> (values board mover-color)
(define (parse line)
  (define fields (string-split line " "))
  (define seat-fields (drop-right fields 2))
  (define mover (letter->color (list-ref fields (- (length fields) 2))))
  (define main (make-vector 68 '()))
  (define rows (for/list ([c colors]) (cons c (make-vector 7 '()))))
  (define home '())
  (for ([f seat-fields])
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
              (vector-set! main q (cons pawn (vector-ref main q)))])))
  (values (make-board '() main rows home) mover))

(define (all-out? line color)
  (define letter (list-ref '("g" "r" "b" "y") (index-of (vector->list colors) color)))
  (define field (findf (lambda (f) (string-prefix? f (string-append letter ":"))) (string-split line " ")))
  (not (member "n" (string-split (substring field 2) ","))))

(define repeats (string->number (vector-ref (current-command-line-arguments) 0)))
(define cases
  (for*/list ([line (in-lines)]
              #:when (> (string-length line) 0)
              [d1 (in-range 1 7)]
              [d2 (in-range d1 7)])
    (define-values (board color) (parse line))
    (define dice (if (and (= d1 d2) (all-out? line color))
                     (list d1 d1 (- 7 d1) (- 7 d1))
                     (list d1 d2)))
    (list board color (sort dice <))))

(define total 0)
(define start (current-inexact-milliseconds))
(for ([r (in-range repeats)])
  (set! total 0)
  (for ([c cases])
    (set! total (+ total (length (search (first c) (second c) (third c)))))))
(define ms (- (current-inexact-milliseconds) start))
(printf "racket: ~a searches x ~a, ~a candidates, ~a us per search\n"
        (length cases) repeats total (/ (* 1000.0 ms) (* repeats (length cases))))
